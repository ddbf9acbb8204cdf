package dev.reprise.tools.bench;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * One Acme-Air server in its own JVM, on a free loopback port and a fresh Derby directory loaded
 * with the seeded data at start; stopped with SIGTERM so that its shutdown hook closes the server
 * and a recording ends cleanly.
 */
final class AcmeAirServerJvm implements AutoCloseable {
    private static final Pattern LISTENING = Pattern.compile("listening on http://127\\.0\\.0\\.1:(\\d+)/");

    private final Process process;
    private final Path out;
    private final Path err;
    private final String what;
    private int port;

    private AcmeAirServerJvm(Process process, Path out, Path err, String what) {
        this.process = process;
        this.out = out;
        this.err = err;
        this.what = what;
    }

    /**
     * Starts the server and waits until it listens.
     *
     * @param what how the server is named in messages, e.g. "recorded"
     * @param agentArgument the agent's argument, or null for no agent
     * @param work a fresh directory for the database and the JVM's output
     * @param customers customers the loader creates
     * @param timeoutSeconds how long loading and start may take
     * @throws IOException if it exits or does not listen in time, with the tail of its stderr
     */
    static AcmeAirServerJvm start(
            AcmeAirLaunch launch, String what, String agentArgument, Path work, int customers, int timeoutSeconds)
            throws IOException, InterruptedException {
        List<String> cmd = new ArrayList<>(launch.jvm("1g", agentArgument, "dev.reprise.acmeair.AcmeAirServer"));
        // A fixed id seed: every run serves the same session and booking ids for the same requests.
        cmd.addAll(List.of(
                "--port",
                "0",
                "--db",
                work.resolve("db").toString(),
                "--customers",
                Integer.toString(customers),
                "--load",
                "--seed",
                "1",
                "--hash-responses",
                "--latency"));
        Path out = work.resolve(what + ".out");
        Path err = work.resolve(what + ".err");
        Process p = new ProcessBuilder(cmd)
                .redirectOutput(out.toFile())
                .redirectError(err.toFile())
                .start();
        AcmeAirServerJvm server = new AcmeAirServerJvm(p, out, err, what);
        server.awaitListening(timeoutSeconds);
        return server;
    }

    private void awaitListening(int timeoutSeconds) throws IOException, InterruptedException {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(timeoutSeconds);
        while (System.nanoTime() < deadline) {
            Matcher m =
                    LISTENING.matcher(Files.readString(err, StandardCharsets.UTF_8)); // the server says it on stderr
            if (m.find()) {
                port = Integer.parseInt(m.group(1));
                return;
            }
            if (process.waitFor(100, TimeUnit.MILLISECONDS)) {
                throw new IOException("the " + what + " Acme-Air server exited with code " + process.exitValue()
                        + " before listening; its stderr ends with:\n" + stderrTail());
            }
        }
        process.destroyForcibly();
        throw new IOException("the " + what + " Acme-Air server did not listen within " + timeoutSeconds
                + " s; its stderr ends with:\n" + stderrTail());
    }

    /** @return the HTTP port on 127.0.0.1 */
    int port() {
        return port;
    }

    /** @return the last 20 lines the server wrote to stderr */
    String stderrTail() throws IOException {
        List<String> lines = Files.readAllLines(err, StandardCharsets.UTF_8);
        return String.join("\n", lines.subList(Math.max(0, lines.size() - 20), lines.size()));
    }

    /**
     * Sends SIGTERM and waits for the JVM to exit.
     *
     * @return whether it exited cleanly (code 0 or 143, the SIGTERM code) within 60 s
     */
    boolean stop() throws InterruptedException {
        process.destroy();
        if (!process.waitFor(60, TimeUnit.SECONDS)) {
            process.destroyForcibly().waitFor();
            return false;
        }
        return process.exitValue() == 0 || process.exitValue() == 143;
    }

    @Override
    public void close() throws InterruptedException {
        if (process.isAlive()) {
            process.destroyForcibly().waitFor();
        }
    }
}
