package dev.reprise.agent;

import dev.reprise.agent.health.AgentLog;
import dev.reprise.agent.perturb.Perturbation;
import dev.reprise.runtime.RecorderSettings;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * The agent's argument: {@code record,trace=DIR[,key=value...]}. Recorder options are those of
 * {@link RecorderSettings}; the agent adds {@code include} and {@code exclude} (package prefixes,
 * separated by {@code ;}, whose calls to {@code System.currentTimeMillis} and {@code nanoTime} are
 * recorded; every other clock and random generator is recorded at its source in the JDK, whoever
 * calls it), {@code cache} (where instrumented classes are kept between runs, or {@code off}),
 * {@code log} (warn, info, debug) and {@code perturb} ({@code [STRATEGY:]SEED}: the schedule is
 * perturbed while recording, {@link Perturbation}; off by default).
 */
record AgentOptions(
        String mode,
        RecorderSettings recorder,
        Path replayTrace,
        Duration quiet,
        boolean liveAfterEnd,
        boolean verbose,
        List<String> include,
        List<String> exclude,
        AgentLog.Level log,
        Path cache,
        boolean fingerprints,
        boolean inputFromTrace,
        boolean allowChangedProgram,
        Perturbation perturbation) {

    /** How long replay waits with no actor able to go on before it reports a divergence. */
    static final Duration DEFAULT_QUIET = Duration.ofSeconds(10);

    private static final List<String> REPLAY_KEYS =
            List.of("trace", "quiet", "end", "input", "verbose", "fingerprints", "changedProgram", "log", "cache");

    /** Reprise's own runtime, which the agent never instruments. */
    static final List<String> AGENT_PACKAGES = List.of(
            "dev.reprise.agent.",
            "dev.reprise.runtime.",
            "dev.reprise.replay.",
            "dev.reprise.trace.",
            "dev.reprise.api.",
            "dev.reprise.shaded.");

    /** Whose System.currentTimeMillis and nanoTime calls are not recorded unless included: the JDK, Scala, Akka, logging, Reprise. */
    static final List<String> DEFAULT_EXCLUDE = List.of(
            "java.",
            "javax.",
            "jdk.",
            "sun.",
            "com.sun.",
            "scala.",
            "akka.",
            "org.apache.pekko.",
            "dev.reprise.agent.",
            "dev.reprise.runtime.",
            "dev.reprise.replay.",
            "dev.reprise.trace.",
            "dev.reprise.api.",
            "dev.reprise.shaded.",
            "net.bytebuddy.",
            "org.slf4j.",
            "ch.qos.logback.",
            "org.apache.logging.",
            "org.apache.log4j.",
            "com.typesafe.config.",
            "io.netty.",
            "org.apache.derby.",
            "org.junit.",
            "org.opentest4j.",
            "kotlin.",
            "groovy.",
            "org.codehaus.groovy.");

    private static final List<String> AGENT_KEYS = List.of("include", "exclude", "log", "cache", "perturb");

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
        if (mode.equals("replay")) {
            return parseReplay(parts);
        }
        for (int i = 1; i < parts.length; i++) {
            String p = parts[i].trim();
            if (p.isEmpty()) {
                continue;
            }
            int eq = p.indexOf('=');
            if (eq <= 0) {
                throw new IllegalArgumentException(
                        "agent option '" + p + "' is not key=value; valid keys: " + String.join(", ", validKeys()));
            }
            String key = p.substring(0, eq).trim();
            String value = p.substring(eq + 1).trim();
            if (AGENT_KEYS.contains(key)) {
                agentOptions.put(key, value);
            } else if (RecorderSettings.KEYS.contains(key)) {
                recorderOptions.put(key, value);
            } else {
                throw new IllegalArgumentException(
                        "unknown agent option '" + key + "'; valid options: " + String.join(", ", validKeys()));
            }
        }
        recorderOptions.putIfAbsent("program", program);
        RecorderSettings settings = RecorderSettings.parse(recorderOptions);
        return new AgentOptions(
                mode,
                settings,
                null,
                null,
                false,
                false,
                prefixes(agentOptions.get("include")),
                prefixes(agentOptions.get("exclude")),
                AgentLog.Level.parse(agentOptions.getOrDefault("log", "warn")),
                cache(agentOptions.get("cache")),
                settings.fingerprints(),
                false,
                false,
                agentOptions.containsKey("perturb") ? Perturbation.parse(agentOptions.get("perturb")) : null);
    }

    /**
     * {@code replay,trace=DIR[,quiet=10s][,end=stop|live][,input=live|trace][,verbose=true][,fingerprints=true|false][,changedProgram=true][,log=...]};
     * include and exclude come from the recording. {@code end=live}: past the end of their recorded
     * events, actors go on live. {@code input=trace}: outside input whose content was recorded comes
     * from the trace alone, without waiting for the program's threads to send it again (a server
     * replayed without its clients); by default ({@code live}) the program's threads send it again. {@code verbose=true}: a divergence report shows everything, not a
     * screenful. {@code fingerprints=false}: the recorded fingerprints are not checked (a program
     * changed on purpose, e.g. a message class renamed, replays as far as its order allows).
     * {@code changedProgram=true}: a main class or arguments other than the recording's are replayed
     * (by default such a run is refused, naming the difference).
     */
    private static AgentOptions parseReplay(String[] parts) {
        Map<String, String> o = new LinkedHashMap<>();
        for (int i = 1; i < parts.length; i++) {
            String p = parts[i].trim();
            int eq = p.indexOf('=');
            if (p.isEmpty()) {
                continue;
            }
            if (eq <= 0 || !REPLAY_KEYS.contains(p.substring(0, eq).trim())) {
                throw new IllegalArgumentException("unknown replay option '" + (eq > 0 ? p.substring(0, eq) : p)
                        + "'; valid options: " + String.join(", ", REPLAY_KEYS));
            }
            o.put(p.substring(0, eq).trim(), p.substring(eq + 1).trim());
        }
        String trace = o.get("trace");
        if (trace == null || trace.isBlank()) {
            throw new IllegalArgumentException("trace: the trace to replay is required (replay,trace=DIR)");
        }
        Duration quiet = DEFAULT_QUIET;
        if (o.containsKey("quiet")) {
            try {
                quiet = dev.reprise.trace.Durations.parse(o.get("quiet"));
            } catch (IllegalArgumentException e) {
                throw new IllegalArgumentException("quiet: " + e.getMessage());
            }
        }
        String end = o.getOrDefault("end", "stop");
        if (!end.equals("stop") && !end.equals("live")) {
            throw new IllegalArgumentException("end: expected stop (actors stop where the recording ends) or live "
                    + "(they go on live), was '" + end + "'");
        }
        String input = o.getOrDefault("input", "live");
        if (!input.equals("live") && !input.equals("trace")) {
            throw new IllegalArgumentException("input: expected live (the program's threads send their input again) or "
                    + "trace (recorded input comes from the trace alone, e.g. a server replayed without its clients), was '"
                    + input + "'");
        }
        boolean verbose = flag(o, "verbose", false, "reports show everything", "a screenful");
        boolean fingerprints = flag(
                o,
                "fingerprints",
                true,
                "check each message's class and each turn's sends against the recording",
                "do not");
        boolean changedProgram = flag(
                o,
                "changedProgram",
                false,
                "replay a program whose main class or arguments differ from the recording's",
                "refuse it");
        return new AgentOptions(
                "replay",
                null,
                Path.of(trace),
                quiet,
                end.equals("live"),
                verbose,
                List.of(),
                List.of(),
                AgentLog.Level.parse(o.getOrDefault("log", "warn")),
                cache(o.get("cache")),
                fingerprints,
                input.equals("trace"),
                changedProgram,
                null);
    }

    /** The boolean option {@code key}: true or false, else an error saying what each means. */
    private static boolean flag(Map<String, String> o, String key, boolean dflt, String whenTrue, String whenFalse) {
        String v = o.getOrDefault(key, Boolean.toString(dflt));
        if (!v.equals("true") && !v.equals("false")) {
            throw new IllegalArgumentException(
                    key + ": expected true (" + whenTrue + ") or false (" + whenFalse + "), was '" + v + "'");
        }
        return v.equals("true");
    }

    /** The same options with the include and exclude lists a recording used (read from its metadata). */
    AgentOptions withCallFilters(String include, String exclude) {
        return new AgentOptions(
                mode,
                recorder,
                replayTrace,
                quiet,
                liveAfterEnd,
                verbose,
                prefixes(include),
                prefixes(exclude),
                log,
                cache,
                fingerprints,
                inputFromTrace,
                allowChangedProgram,
                perturbation);
    }

    /** The include and exclude lists, for the trace's metadata. */
    Map<String, String> callFilters() {
        return Map.of("include", String.join(";", include), "exclude", String.join(";", exclude));
    }

    /**
     * Where instrumented Akka classes are kept between runs: {@code cache=DIR}, {@code cache=off},
     * by default {@code $XDG_CACHE_HOME/reprise} or {@code ~/.cache/reprise}.
     */
    private static Path cache(String value) {
        if (value != null && !value.isBlank()) {
            return value.trim().equalsIgnoreCase("off") ? null : Path.of(value.trim());
        }
        String xdg = System.getenv("XDG_CACHE_HOME");
        if (xdg != null && !xdg.isBlank()) {
            return Path.of(xdg, "reprise");
        }
        String home = System.getProperty("user.home");
        return home == null || home.isBlank() ? null : Path.of(home, ".cache", "reprise");
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
     * Whether calls to {@code System.currentTimeMillis} and {@code nanoTime} in {@code className}
     * are recorded: never for an explicitly excluded prefix; with {@code include} given, only for
     * its prefixes (which may reach into the default exclusions); otherwise for everything but the
     * defaults, except {@link #DEFAULT_RECORDED}.
     */
    boolean recordsCallsIn(String className) {
        if (startsWithAny(className, AGENT_PACKAGES) || startsWithAny(className, exclude)) {
            return false;
        }
        if (!include.isEmpty()) {
            return startsWithAny(className, include);
        }
        return !startsWithAny(className, DEFAULT_EXCLUDE) || startsWithAny(className, DEFAULT_RECORDED);
    }

    /**
     * Recorded although {@link #DEFAULT_EXCLUDE} leaves out their package: Akka Streams' stages
     * read the clock in the stream actor's turn to decide what it does now (a throttle's token
     * bucket, {@code dropWithin}, {@code delay}, idle and back-pressure timeouts), and Akka HTTP's
     * server decides by the clock whether its cached {@code Date} header is stale (and then sets a
     * timer to refresh it) and when a request times out.
     */
    static final List<String> DEFAULT_RECORDED = List.of(
            "akka.stream.",
            "akka.util.NanoTimeTokenBucket",
            "akka.http.",
            "org.apache.pekko.stream.",
            "org.apache.pekko.util.NanoTimeTokenBucket",
            "org.apache.pekko.http.");

    private static boolean startsWithAny(String name, List<String> prefixes) {
        for (String p : prefixes) {
            if (name.startsWith(p)) {
                return true;
            }
        }
        return false;
    }
}
