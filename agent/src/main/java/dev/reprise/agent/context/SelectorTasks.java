package dev.reprise.agent.context;

import dev.reprise.agent.Agent;
import dev.reprise.agent.actor.ActorIds;
import dev.reprise.agent.health.AgentLog;
import java.util.Collections;
import java.util.Map;
import java.util.WeakHashMap;

/**
 * Akka IO's selector: each selection handler actor makes a channel registry in its creation turn,
 * whose tasks (the select loop, registrations, interest changes, closing) run on a dispatcher's
 * thread. They run as one outside context started by that actor ("actor 33/selector 1"), never as the
 * pool thread that runs them (whose name counts the dispatcher's threads): what the selector
 * tells a connection is outside input from that context, the same in every run.
 */
public final class SelectorTasks {
    /** Each registry's context, while the registry lives. */
    private static final Map<Object, OutsideContext> CONTEXTS = Collections.synchronizedMap(new WeakHashMap<>());

    private SelectorTasks() {}

    /** {@code registry} was made now, in its selection handler's turn. */
    public static void registryMade(Object registry) {
        try {
            String kind = Agent.mode.features().has(TraceFeatures.SELECTOR_CONTEXTS)
                    ? OutsideContext.Starts.SELECTOR
                    : OutsideContext.Starts.TASK; // an older trace's name
            CONTEXTS.put(registry, OutsideContext.startedBy(AgentThread.current(), kind, ActorIds.UNKNOWN));
        } catch (Throwable e) {
            AgentLog.internalError("naming Akka IO's selector", e);
        }
    }

    /** A task of {@code registry} starts on this thread; returns what {@link #taskEnds} needs (null: nothing entered). */
    public static Object taskStarts(Object registry) {
        try {
            OutsideContext c = CONTEXTS.get(registry);
            if (c == null) {
                return null;
            }
            AgentThread t = AgentThread.current();
            return new Entered(t, t.enterContext(c));
        } catch (Throwable e) {
            AgentLog.internalError("entering Akka IO's selector", e);
            return null;
        }
    }

    public static void taskEnds(Object entered) {
        if (entered instanceof Entered e) {
            try {
                e.thread.exitContext(e.previous);
            } catch (Throwable x) {
                AgentLog.internalError("leaving Akka IO's selector", x);
            }
        }
    }

    private record Entered(AgentThread thread, OutsideContext previous) {}
}
