package dev.reprise.agent.health;

import dev.reprise.agent.Agent;
import dev.reprise.agent.context.Mode;

/**
 * The agent's own health, kept in the trace: every internal error is counted per site in the
 * recording's metadata ({@code agentError.SITE}), so {@code reprise verify}, {@code stats} and the
 * replay can tell that a trace may not replay exactly; and an Akka the agent cannot record is
 * refused, the metadata saying why. Only error paths come here.
 */
public final class AgentHealth {
    private AgentHealth() {}

    /** An internal error at {@code site}: counted in the recording (said on stderr by {@link AgentLog}). */
    static void error(String site) {
        Mode m = Agent.mode;
        if (m != null) {
            m.internalError(site);
        }
    }

    /**
     * A hook the agent needs did not match the loaded class ({@code type.method}): that part of the
     * program is not recorded (or replayed). Said once on stderr and counted as site
     * {@code hook:type.method}.
     */
    public static void hookMissing(String type, String method) {
        String site = "hook:" + type + "." + method;
        AgentLog.warnOnce(
                site,
                "the hook on " + type + "." + method + " matched no method of the loaded " + type
                        + ": this Akka, Scala or JDK version is not what the agent expects, and what the hook records is missing "
                        + "from the trace (it may not replay)");
        error(site);
    }

    /**
     * The application's Akka cannot be recorded ({@code why} names what was found and what is
     * supported): nothing is recorded, the metadata says why, the application runs unchanged.
     */
    public static void refuse(String why) {
        Mode m = Agent.mode;
        if (m != null) {
            m.refuse(why);
        } else { // the agent could not even start its mode
            AgentLog.warnOnce("refused", why + ": the application runs without the agent's hooks");
        }
    }
}
