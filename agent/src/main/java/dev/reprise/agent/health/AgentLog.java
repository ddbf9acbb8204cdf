package dev.reprise.agent.health;

import java.util.Locale;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

/** The agent's messages, on standard error with a {@code [reprise]} prefix. */
public final class AgentLog {
    /** How much the agent says. */
    public enum Level {
        WARN,
        INFO,
        DEBUG;

        public static Level parse(String s) {
            try {
                return valueOf(s.trim().toUpperCase(Locale.ROOT));
            } catch (IllegalArgumentException e) {
                throw new IllegalArgumentException("log: expected warn, info or debug, was '" + s + "'");
            }
        }
    }

    // Static, not the mode's: the log speaks before any mode exists (bad options, no Akka) and after it.
    private static volatile Level level = Level.WARN;
    private static final Set<String> saidOnce = ConcurrentHashMap.newKeySet();

    private AgentLog() {}

    public static void level(Level l) {
        level = l;
    }

    public static void warn(String message) {
        System.err.println("[reprise] " + message);
    }

    /** Says {@code message} the first time {@code key} is seen, never again. */
    public static void warnOnce(String key, String message) {
        if (saidOnce.add(key)) {
            warn(message);
        }
    }

    public static void info(String message) {
        if (level.compareTo(Level.INFO) >= 0) {
            System.err.println("[reprise] " + message);
        }
    }

    /** Whether {@link #debug} prints: a caller whose message costs something to build asks first. */
    public static boolean debugging() {
        return level == Level.DEBUG;
    }

    public static void debug(String message) {
        if (level == Level.DEBUG) {
            System.err.println("[reprise] " + message);
        }
    }

    /**
     * An internal failure of the agent: said once, counted every time in the trace
     * ({@link AgentHealth}, site {@code where}); the recording degrades, the application goes on.
     * {@code where} is short and stable: it names the site in {@code reprise verify} and {@code stats}.
     */
    public static void internalError(String where, Throwable t) {
        AgentHealth.error(where);
        if (saidOnce.add("internal:" + where)) {
            warn("internal error in " + where + ": " + t + "; the application goes on"
                    + (level == Level.DEBUG ? "" : " (log=debug shows more)"));
            if (level == Level.DEBUG) {
                t.printStackTrace();
            }
        }
    }
}
