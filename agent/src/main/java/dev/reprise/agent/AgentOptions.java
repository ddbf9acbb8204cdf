package dev.reprise.agent;

import dev.reprise.runtime.RecorderSettings;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * The agent's argument: {@code record,trace=DIR[,key=value...]}. Recorder options are those of
 * {@link RecorderSettings}; the agent adds {@code include} and {@code exclude} (package prefixes,
 * separated by {@code ;}, whose calls to the clock and random generators are recorded) and
 * {@code log} (warn, info, debug).
 */
record AgentOptions(String mode, RecorderSettings recorder, List<String> include, List<String> exclude,
                    AgentLog.Level log) {

    /** Reprise's own runtime, which the agent never instruments. */
    static final List<String> AGENT_PACKAGES = List.of("dev.reprise.agent.", "dev.reprise.runtime.",
            "dev.reprise.trace.", "dev.reprise.api.", "dev.reprise.shaded.");

    /** Not instrumented for nondeterministic calls unless included: the JDK, Scala, Akka, logging, Reprise. */
    static final List<String> DEFAULT_EXCLUDE = List.of("java.", "javax.", "jdk.", "sun.", "com.sun.", "scala.",
            "akka.", "dev.reprise.agent.", "dev.reprise.runtime.", "dev.reprise.trace.", "dev.reprise.api.",
            "dev.reprise.shaded.", "net.bytebuddy.", "org.slf4j.", "ch.qos.logback.", "org.apache.logging.",
            "org.apache.log4j.", "com.typesafe.config.", "io.netty.", "org.apache.derby.", "org.junit.",
            "org.opentest4j.", "kotlin.", "groovy.", "org.codehaus.groovy.");

    private static final List<String> AGENT_KEYS = List.of("include", "exclude", "log");

    static List<String> validKeys() {
        List<String> all = new ArrayList<>(RecorderSettings.KEYS);
        all.addAll(AGENT_KEYS);
        return all;
    }

    /**
     * Parses the agent argument.
     *
     * @throws IllegalArgumentException with a message naming the problem and the valid choices
     */
    static AgentOptions parse(String argument, String program) {
        if (argument == null || argument.isBlank()) {
            throw new IllegalArgumentException("the agent needs an argument: record,trace=DIR[,key=value...]");
        }
        String[] parts = argument.split(",");
        String mode = parts[0].trim().toLowerCase(Locale.ROOT);
        if (!mode.equals("record") && !mode.equals("replay")) {
            throw new IllegalArgumentException("the agent argument must start with record or replay, not '"
                    + parts[0].trim() + "' (e.g. record,trace=/tmp/trace)");
        }
        Map<String, String> recorderOptions = new LinkedHashMap<>();
        Map<String, String> agentOptions = new LinkedHashMap<>();
        for (int i = 1; i < parts.length; i++) {
            String p = parts[i].trim();
            if (p.isEmpty()) {
                continue;
            }
            int eq = p.indexOf('=');
            if (eq <= 0) {
                throw new IllegalArgumentException("agent option '" + p + "' is not key=value; valid keys: "
                        + String.join(", ", validKeys()));
            }
            String key = p.substring(0, eq).trim();
            String value = p.substring(eq + 1).trim();
            if (AGENT_KEYS.contains(key)) {
                agentOptions.put(key, value);
            } else if (RecorderSettings.KEYS.contains(key)) {
                recorderOptions.put(key, value);
            } else {
                throw new IllegalArgumentException("unknown agent option '" + key + "'; valid options: "
                        + String.join(", ", validKeys()));
            }
        }
        recorderOptions.putIfAbsent("program", program);
        RecorderSettings settings = RecorderSettings.parse(recorderOptions);
        return new AgentOptions(mode, settings, prefixes(agentOptions.get("include")),
                prefixes(agentOptions.get("exclude")), AgentLog.Level.parse(agentOptions.getOrDefault("log", "warn")));
    }

    private static List<String> prefixes(String value) {
        List<String> out = new ArrayList<>();
        if (value != null) {
            for (String p : value.split(";")) {
                if (!p.isBlank()) {
                    out.add(p.trim());
                }
            }
        }
        return out;
    }

    /**
     * Whether calls to the clock and random generators in {@code className} are recorded: never
     * for an explicitly excluded prefix; with {@code include} given, only for its prefixes (which
     * may reach into the default exclusions); otherwise for everything but the defaults.
     */
    boolean recordsCallsIn(String className) {
        if (startsWithAny(className, AGENT_PACKAGES) || startsWithAny(className, exclude)) {
            return false;
        }
        if (!include.isEmpty()) {
            return startsWithAny(className, include);
        }
        return !startsWithAny(className, DEFAULT_EXCLUDE);
    }

    private static boolean startsWithAny(String name, List<String> prefixes) {
        for (String p : prefixes) {
            if (name.startsWith(p)) {
                return true;
            }
        }
        return false;
    }
}
