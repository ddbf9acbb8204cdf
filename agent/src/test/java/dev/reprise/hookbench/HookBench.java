package dev.reprise.hookbench;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.EnumMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.stream.Stream;
import org.openjdk.jmh.runner.Runner;
import org.openjdk.jmh.runner.RunnerException;

/**
 * {@code ./reprise bench hooks [--quick] [--against OLD.jar]}: {@link HookBenchmark} in forked JVMs
 * without the agent, with the packaged agent recording ({@code -javaagent:reprise-agent.jar=record,trace=DIR})
 * and without it again, interleaved round by round; prints per benchmark the ns per message added by
 * recording, the A/A noise floor beside it, added CPU time and allocation per message, and the
 * trace bytes per message. The script passes the packaged agent jar as {@code --agent JAR}. With
 * {@code --against}, forks recording with another build of the agent run in each round too, and a
 * second table gives what the packaged build adds over it: a change's effect, measured in one run.
 */
public final class HookBench {
    private HookBench() {}

    /** The kinds of fork; the second baseline measures the noise floor (A/A); the last runs only with {@code --against}. */
    enum Config {
        BASELINE,
        RECORDED,
        BASELINE_AGAIN,
        RECORDED_AGAINST
    }

    static final List<String> BENCHMARKS = List.of("pingPong", "threadRing", "fanIn", "manySenders");
    static final double AIM_NS = 5;

    public static void main(String[] args) throws Exception {
        boolean quick = false;
        String jar = null;
        String against = null;
        for (int i = 0; i < args.length; i++) {
            switch (args[i]) {
                case "--quick" -> quick = true;
                case "--agent" -> jar = i + 1 < args.length ? args[++i] : null;
                case "--against" -> against = i + 1 < args.length ? args[++i] : "";
                default -> usageError("unknown option '" + args[i] + "'; valid: --quick, --against OLD.jar");
            }
        }
        if (jar == null || !Files.isRegularFile(Path.of(jar))) {
            usageError("--agent names no agent jar (" + jar + "); build it: ./reprise build");
        }
        if (against != null && (against.isEmpty() || !Files.isRegularFile(Path.of(against)))) {
            usageError("--against: no such agent jar '" + against + "' (e.g. a copy of agent/target/reprise-agent.jar"
                    + " built before a change)");
        }
        Path againstJar = against == null ? null : Path.of(against).toAbsolutePath();
        Path agentJar = Path.of(jar).toAbsolutePath();
        ForkPlan plan = quick ? ForkPlan.QUICK : ForkPlan.FULL;
        ForkPlan.narrowClassPathForForks();
        Path work = Files.createTempDirectory("reprise-hookbench-");
        long started = System.nanoTime();
        boolean failed = false;
        try {
            Map<String, Map<Config, Tally>> tallies = runAll(plan, quick ? 2 : 3, agentJar, againstJar, work);
            HookTable.print(tallies, System.out);
            if (againstJar != null) {
                HookTable.printAgainst(tallies, againstJar, System.out);
            }
        } catch (RunnerException e) {
            System.err.println("reprise: bench hooks: a fork failed: " + e.getMessage());
            failed = true;
        } finally {
            deleteTree(work); // with the trace of a fork that failed
        }
        if (failed) {
            System.exit(1);
        }
        System.out.printf(Locale.ROOT, "finished in %.0f s%n", (System.nanoTime() - started) / 1e9);
    }

    /**
     * Runs every fork, rounds of each benchmark in each configuration, and returns what they measured.
     * A recorded fork's trace goes to {@code work} and is deleted once its size has been read.
     */
    private static Map<String, Map<Config, Tally>> runAll(
            ForkPlan plan, int rounds, Path agentJar, Path againstJar, Path work) throws RunnerException, IOException {
        Map<String, Map<Config, Tally>> tallies = new LinkedHashMap<>();
        int configs = againstJar == null ? 3 : 4;
        int forks = rounds * BENCHMARKS.size() * configs;
        int done = 0;
        System.out.printf(
                Locale.ROOT,
                "Hook benchmark: %d forks (%d rounds of %s x baseline, recorded, baseline again%s),"
                        + " about %.0f s; agent %s%n",
                forks,
                rounds,
                BENCHMARKS,
                againstJar == null ? "" : ", recorded by " + againstJar,
                forks * plan.seconds(),
                agentJar);
        for (int round = 0; round < rounds; round++) {
            for (String bench : BENCHMARKS) {
                Map<Config, Tally> byConfig = tallies.computeIfAbsent(bench, b -> new EnumMap<>(Config.class));
                for (Config c : order(round, configs)) {
                    done++;
                    System.out.printf(
                            Locale.ROOT,
                            "  [%d/%d] round %d %-10s %-16s (%.0f s left)%n",
                            done,
                            forks,
                            round + 1,
                            bench,
                            c.name().toLowerCase(Locale.ROOT).replace('_', ' '),
                            (forks - done + 1) * plan.seconds());
                    Path jar = c == Config.RECORDED ? agentJar : c == Config.RECORDED_AGAINST ? againstJar : null;
                    Path trace = jar != null ? work.resolve(bench + "-" + c + "-" + round) : null;
                    Path counts = work.resolve("counts-" + done + ".txt");
                    Tally t = byConfig.computeIfAbsent(c, x -> new Tally());
                    t.add(runFork(plan, bench, jar, trace, counts));
                    if (trace != null) {
                        t.traceBytesPerMessage.add(traceBytesPerMessage(trace, counts));
                        deleteTree(trace);
                    }
                }
            }
        }
        return tallies;
    }

    /** Rotates the first {@code configs} configurations each round, so a drift over the run does not favour one. */
    static List<Config> order(int round, int configs) {
        Config[] all = Config.values();
        return Stream.iterate(0, i -> i + 1)
                .limit(configs)
                .map(i -> all[(i + round) % configs])
                .toList();
    }

    /** Runs one fork of {@code bench}, recording to {@code trace} when {@code agentJar} is given. */
    static ForkResult runFork(ForkPlan plan, String bench, Path agentJar, Path trace, Path counts)
            throws RunnerException {
        return ForkResult.of(
                new Runner(plan.options(bench, agentJar, trace, counts).build()).run());
    }

    /** Messages the fork processed, as it wrote them to {@code counts} when it ended. */
    static long messages(Path counts) throws IOException {
        if (!Files.exists(counts)) {
            throw new IllegalStateException("the fork did not write " + counts + " at its end");
        }
        String[] line = Files.readString(counts, StandardCharsets.UTF_8).trim().split(" ");
        return Long.parseLong(line[line.length - 1]);
    }

    /** The events file's size over the messages processed; fails when the fork left no trace. */
    private static double traceBytesPerMessage(Path trace, Path counts) throws IOException {
        Path events = trace.resolve("events.rpt");
        if (!Files.isRegularFile(events) || Files.size(events) == 0) {
            throw new IllegalStateException(
                    "the recorded fork left no events in " + trace + ": the agent did not record");
        }
        return (double) Files.size(events) / messages(counts);
    }

    static void deleteTree(Path dir) throws IOException {
        if (!Files.exists(dir)) {
            return;
        }
        try (Stream<Path> all = Files.walk(dir)) {
            for (Path p : all.sorted(Comparator.reverseOrder()).toList()) {
                Files.delete(p);
            }
        }
    }

    private static void usageError(String message) {
        System.err.println("reprise: bench hooks: " + message);
        System.exit(2);
    }
}
