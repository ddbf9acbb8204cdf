package dev.reprise.tools.bench;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.Collectors;

/**
 * One Savina benchmark run in its own JVM ({@code dev.reprise.savina.SavinaMain}), with or without
 * the agent, and its per-iteration times.
 *
 * @param measuredNanos wall time of each measured iteration
 * @param allNanos wall time of every iteration, warm-up included (the recorded trace covers them all)
 * @param allCpuNanos process CPU time of every iteration, warm-up included
 * @param peer the peer recorder's summary line ({@code peer NAME messages M bytes B unserializable U}),
 *     or null
 * @param warmupFromCompilers whether the JVM itself marked its warm-up by its compilers' work (Tide's
 *     {@code --until-quiet}): then the measured iterations are the steady state; otherwise the
 *     reader finds the warm-up among all iterations (MSER), whatever the JVM called warm-up
 */
record SavinaRun(
        String benchmark,
        List<Long> measuredNanos,
        List<Long> allNanos,
        List<Long> allCpuNanos,
        String peer,
        boolean warmupFromCompilers) {

    /** A run whose warm-up its reader finds. */
    SavinaRun(String benchmark, List<Long> measuredNanos, List<Long> allNanos, List<Long> allCpuNanos, String peer) {
        this(benchmark, measuredNanos, allNanos, allCpuNanos, peer, false);
    }

    /** How the JVM runs: which agent argument, if any. */
    record Setup(String java, String classPath, String agentJar) {}

    /**
     * Where and how a child JVM starts besides its agent argument.
     *
     * @param prefix a command the JVM runs under (e.g. {@code taskset -c 0}), or empty
     * @param jvmOptions options for the JVM (e.g. {@code -Dsavina.peer=jfr})
     * @param untilQuiet with a positive M, the JVM warms up until its compilers are quiet, then measures M
     *     iterations, {@code iterations} at most in all (SavinaMain's {@code --until-quiet})
     */
    record Launch(List<String> prefix, List<String> jvmOptions, int untilQuiet) {}

    /**
     * A JVM warming up until its compilers are quiet is not stopped by the iteration cap within its
     * first this many seconds of iterations: on one core a recorded ThreadRing's JIT (6 ms
     * iterations) took about 2.7 s to settle, past 200 iterations.
     */
    static final int MIN_WARMUP_SECONDS = 10;

    long medianNanos() {
        List<Long> sorted = new ArrayList<>(measuredNanos);
        sorted.sort(null);
        int n = sorted.size();
        return n % 2 == 1 ? sorted.get(n / 2) : (sorted.get(n / 2 - 1) + sorted.get(n / 2)) / 2;
    }

    long totalNanos() {
        return allNanos.stream().mapToLong(Long::longValue).sum();
    }

    /**
     * Runs {@code benchmark}; with {@code agentArgument} non-null the agent is attached with it.
     *
     * @throws IOException naming the benchmark and what went wrong (its failed check, a crash)
     */
    static SavinaRun run(
            Setup setup,
            Launch launch,
            String benchmark,
            String agentArgument,
            String dispatcher,
            int warmup,
            int iterations,
            boolean quick)
            throws IOException, InterruptedException {
        List<String> cmd = new ArrayList<>(launch.prefix());
        cmd.addAll(List.of(setup.java(), "--sun-misc-unsafe-memory-access=allow", "-Xms1g", "-Xmx1g"));
        cmd.addAll(launch.jvmOptions());
        if (agentArgument != null) {
            cmd.add("-javaagent:" + setup.agentJar() + "=" + agentArgument);
        }
        cmd.addAll(List.of(
                "-cp",
                setup.classPath(),
                "dev.reprise.savina.SavinaMain",
                "--bench",
                benchmark,
                "--dispatcher",
                dispatcher,
                "--warmup",
                Integer.toString(warmup),
                "--iterations",
                Integer.toString(iterations)));
        if (quick) {
            cmd.add("--quick");
        }
        if (launch.untilQuiet() > 0) {
            cmd.addAll(List.of(
                    "--until-quiet",
                    Integer.toString(launch.untilQuiet()),
                    "--min-warmup",
                    Integer.toString(MIN_WARMUP_SECONDS)));
        }
        return exec(benchmark, agentArgument == null ? "" : " (" + agentArgument + ")", cmd);
    }

    /**
     * Runs a benchmark JVM's command and reads its iteration lines (see {@link #parse}); {@code bench truffle}'s
     * JVMs print the same lines.
     *
     * @param how what to add to the benchmark's name in an error (e.g. {@code " (recorded)"}), or empty
     * @throws IOException naming the benchmark and what went wrong (its failed check, a crash, a time-out)
     */
    static SavinaRun exec(String benchmark, String how, List<String> cmd) throws IOException, InterruptedException {
        Path out = Files.createTempFile("savina", ".out");
        Path err = Files.createTempFile("savina", ".err");
        try {
            Process p = new ProcessBuilder(cmd)
                    .redirectOutput(out.toFile())
                    .redirectError(err.toFile())
                    .start();
            if (!p.waitFor(30, TimeUnit.MINUTES)) {
                p.destroyForcibly();
                List<String> printed = Files.readAllLines(out, StandardCharsets.UTF_8);
                throw new IOException(
                        benchmark + (how.isEmpty() ? " (without the agent)" : how) + " did not finish in 30 minutes; "
                                + "it had printed " + printed.size() + " lines"
                                + (printed.isEmpty() ? "" : ", the last: " + printed.get(printed.size() - 1))
                                + (Files.size(err) == 0 ? "" : "; its errors: " + tail(Files.readString(err))));
            }
            List<String> lines = Files.readAllLines(out, StandardCharsets.UTF_8);
            if (p.exitValue() != 0) {
                String errors = Files.readString(err).strip();
                // The headline begins with the output's first line: the rest follows it once.
                String rest = errors.lines().skip(1).collect(Collectors.joining("\n"));
                throw new IOException(benchmark + how + " failed with exit code " + p.exitValue() + ": "
                        + headline(errors) + (rest.isEmpty() ? "" : "\n" + rest));
            }
            return parse(benchmark, lines);
        } finally {
            Files.deleteIfExists(out);
            Files.deleteIfExists(err);
        }
    }

    /**
     * The line of a failed JVM's error output that says what went wrong, for the report: the
     * first, and for an uncaught exception the root cause too (a wrapper such as the
     * InvocationTargetException of an agent's premain says nothing by itself).
     */
    static String headline(String errors) {
        List<String> lines = errors.lines().toList();
        if (lines.isEmpty()) {
            return "no error output";
        }
        String first = lines.get(0);
        if (first.startsWith("Exception in thread")) {
            for (int i = lines.size() - 1; i > 0; i--) {
                if (lines.get(i).startsWith("Caused by: ")) {
                    return first + ", caused by " + lines.get(i).substring("Caused by: ".length());
                }
            }
        }
        return first;
    }

    /** The last few lines of a JVM's error output, for a message. */
    private static String tail(String text) {
        List<String> lines = text.strip().lines().toList();
        return String.join("\n", lines.subList(Math.max(0, lines.size() - 10), lines.size()));
    }

    /**
     * The lines {@link #parse} reads back into this run: its iterations as its JVM printed them
     * (without compilation times, which are not kept) and its peer line.
     */
    List<String> lines() {
        List<String> lines = new ArrayList<>();
        int warmup = allNanos.size() - measuredNanos.size();
        for (int i = 0; i < allNanos.size(); i++) {
            lines.add("iteration " + i + (i < warmup ? " warmup " : " measured ") + allNanos.get(i) + " ok cpu "
                    + allCpuNanos.get(i) + (warmupFromCompilers ? " compile 0" : ""));
        }
        if (peer != null) {
            lines.add(peer);
        }
        return lines;
    }

    /**
     * Reads SavinaMain's output: {@code iteration I warmup|measured NANOS ok cpu CPU_NANOS} lines and a
     * peer line; TideBenchMain's lines add {@code compile COMPILE_NANOS}. A Tide JVM that never saw its
     * compilers go quiet measured nothing: then all its iterations are read, and the warm-up found.
     */
    static SavinaRun parse(String benchmark, List<String> lines) throws IOException {
        List<Long> measured = new ArrayList<>();
        List<Long> all = new ArrayList<>();
        List<Long> cpu = new ArrayList<>();
        String peer = null;
        boolean compilersShown = false;
        for (String line : lines) {
            String[] f = line.split(" ");
            boolean tide = f.length == 9 && f[7].equals("compile");
            if ((f.length == 7 || tide) && f[0].equals("iteration") && f[5].equals("cpu")) {
                long nanos = Long.parseLong(f[3]);
                all.add(nanos);
                cpu.add(Long.parseLong(f[6]));
                compilersShown |= tide;
                if (f[2].equals("measured")) {
                    measured.add(nanos);
                }
            } else if (line.startsWith("peer ")) {
                peer = line;
            }
        }
        if (compilersShown && measured.isEmpty()) {
            return new SavinaRun(benchmark, all, all, cpu, peer, false);
        }
        if (measured.isEmpty()) {
            throw new IOException(benchmark + " printed no measured iteration: " + lines);
        }
        return new SavinaRun(benchmark, measured, all, cpu, peer, compilersShown && measured.size() < all.size());
    }
}
