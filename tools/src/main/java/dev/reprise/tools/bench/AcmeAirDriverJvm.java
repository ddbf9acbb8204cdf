package dev.reprise.tools.bench;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.TimeUnit;

/**
 * Runs the Acme-Air driver ({@code dev.reprise.acmeair.driver.AcmeAirDriver}, JMeter embedded) in
 * its own JVM against a server: a warm-up and then the measured run, in the same JVM so that the
 * driver's own code is warm too. A child JVM rather than in this one: JMeter keeps global state
 * between runs, and its threads and garbage would otherwise share the CPU accounting and heap of
 * the process that orchestrates and times the servers.
 */
final class AcmeAirDriverJvm {
    private AcmeAirDriverJvm() {}

    /**
     * @param rate requests per second of an open loop, or 0 for the closed loop
     * @param threads JMeter threads
     * @param users customers loaded on the server
     * @param work where the driver's output goes
     * @throws IOException if the driver fails (other than for failed requests, which are counted)
     */
    static DriverResult run(
            AcmeAirLaunch launch,
            int port,
            int warmupSeconds,
            int seconds,
            double rate,
            int threads,
            int users,
            Path work)
            throws IOException, InterruptedException {
        List<String> cmd = new ArrayList<>(launch.jvm("512m", null, "dev.reprise.acmeair.driver.AcmeAirDriver"));
        cmd.addAll(List.of(
                "--url",
                "http://127.0.0.1:" + port,
                "--duration",
                Integer.toString(seconds),
                "--warmup",
                Integer.toString(warmupSeconds),
                "--threads",
                Integer.toString(threads),
                "--users",
                Integer.toString(users),
                "--server-latency"));
        if (rate > 0) {
            cmd.addAll(List.of("--rate", String.format(Locale.ROOT, "%.1f", rate)));
        }
        Path out = Files.createTempFile(work, "driver", ".out");
        Path err = Files.createTempFile(work, "driver", ".err");
        Process p = new ProcessBuilder(cmd)
                .redirectOutput(out.toFile())
                .redirectError(err.toFile())
                .start();
        if (!p.waitFor(warmupSeconds + seconds + 180L, TimeUnit.SECONDS)) {
            p.destroyForcibly().waitFor();
            throw new IOException("the driver did not finish within " + (warmupSeconds + seconds + 180) + " s");
        }
        List<String> lines = Files.readAllLines(out, StandardCharsets.UTF_8);
        // Exit code 1 means some requests failed: the result counts them; anything else is a crash.
        if (p.exitValue() != 0 && p.exitValue() != 1) {
            throw new IOException("the driver failed with exit code " + p.exitValue() + ": "
                    + Files.readString(err, StandardCharsets.UTF_8).strip());
        }
        return DriverResult.parse(lines);
    }
}
