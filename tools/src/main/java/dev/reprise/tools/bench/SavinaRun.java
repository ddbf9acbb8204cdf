package dev.reprise.tools.bench;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * One Savina benchmark run in its own JVM ({@code dev.reprise.savina.SavinaMain}), with or without
 * the agent, and its per-iteration times.
 *
 * @param measuredNanos wall time of each measured iteration
 * @param allNanos every iteration, warm-up included (the recorded trace covers them all)
 */
record SavinaRun(String benchmark, List<Long> measuredNanos, List<Long> allNanos) {

    /** How the JVM runs: which agent argument, if any. */
    record Setup(String java, String classPath, String agentJar) {}

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
    static SavinaRun run(Setup setup, String benchmark, String agentArgument, String dispatcher, int warmup,
                         int iterations, boolean quick) throws IOException, InterruptedException {
        List<String> cmd = new ArrayList<>(List.of(setup.java(), "--sun-misc-unsafe-memory-access=allow",
                "-Xms1g", "-Xmx1g"));
        if (agentArgument != null) {
            cmd.add("-javaagent:" + setup.agentJar() + "=" + agentArgument);
        }
        cmd.addAll(List.of("-cp", setup.classPath(), "dev.reprise.savina.SavinaMain", "--bench", benchmark,
                "--dispatcher", dispatcher, "--warmup", Integer.toString(warmup),
                "--iterations", Integer.toString(iterations)));
        if (quick) {
            cmd.add("--quick");
        }
        Path out = Files.createTempFile("savina", ".out");
        Path err = Files.createTempFile("savina", ".err");
        try {
            Process p = new ProcessBuilder(cmd).redirectOutput(out.toFile()).redirectError(err.toFile()).start();
            if (!p.waitFor(30, TimeUnit.MINUTES)) {
                p.destroyForcibly();
                throw new IOException(benchmark + " did not finish in 30 minutes");
            }
            List<String> lines = Files.readAllLines(out, StandardCharsets.UTF_8);
            if (p.exitValue() != 0) {
                throw new IOException(benchmark + (agentArgument == null ? "" : " (" + agentArgument + ")")
                        + " failed with exit code " + p.exitValue() + ": " + Files.readString(err).strip());
            }
            List<Long> measured = new ArrayList<>();
            List<Long> all = new ArrayList<>();
            for (String line : lines) {
                String[] f = line.split(" ");
                if (f.length == 5 && f[0].equals("iteration")) {
                    long nanos = Long.parseLong(f[3]);
                    all.add(nanos);
                    if (f[2].equals("measured")) {
                        measured.add(nanos);
                    }
                }
            }
            if (measured.isEmpty()) {
                throw new IOException(benchmark + " printed no measured iteration: " + lines);
            }
            return new SavinaRun(benchmark, measured, all);
        } finally {
            Files.deleteIfExists(out);
            Files.deleteIfExists(err);
        }
    }
}
