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
 * Replays a recorded server session with no driver: the server JVM under
 * {@code -javaagent:...=replay,trace=DIR} on a fresh database loaded as when recorded. The server
 * only ends when stopped, so a replay that reaches neither an end nor a divergence within the
 * timeout is reported as not yet supported, never as a failure of the bench.
 */
final class AcmeAirReplay {
    private AcmeAirReplay() {}

    /**
     * How the replay went.
     *
     * @param finished whether the replayed JVM ended on its own without a divergence
     * @param seconds how long it ran
     * @param note for a replay that did not finish: why (its first line of report, or the timeout)
     */
    record Outcome(boolean finished, double seconds, String note) {
        String describe() {
            return finished ? String.format(Locale.ROOT, "%.1f s", seconds) : "not yet supported (" + note + ")";
        }
    }

    static Outcome run(AcmeAirLaunch launch, Path trace, Path work, int customers, int timeoutSeconds)
            throws IOException, InterruptedException {
        List<String> cmd = new ArrayList<>(launch.jvm("1g", "replay,trace=" + trace, "dev.reprise.acmeair.AcmeAirServer"));
        cmd.addAll(List.of("--port", "0", "--db", work.resolve("db").toString(), "--customers",
                Integer.toString(customers), "--load", "--seed", "1", "--hash-responses"));
        Path out = work.resolve("replay.out");
        Path err = work.resolve("replay.err");
        long start = System.nanoTime();
        Process p = new ProcessBuilder(cmd).redirectOutput(out.toFile()).redirectError(err.toFile()).start();
        boolean ended = p.waitFor(timeoutSeconds, TimeUnit.SECONDS);
        double seconds = (System.nanoTime() - start) / 1e9;
        if (!ended) {
            p.destroy(); // SIGTERM: the agent prints how far the replay got
            if (!p.waitFor(20, TimeUnit.SECONDS)) {
                p.destroyForcibly().waitFor();
            }
        }
        String report = firstReport(err);
        if (ended && p.exitValue() == 0) {
            return new Outcome(true, seconds, "");
        }
        String why = ended ? "exit code " + p.exitValue() : "the replayed server did not end within " + timeoutSeconds
                + " s, as it serves HTTP until stopped";
        return new Outcome(false, seconds, report.isEmpty() ? why : why + "; " + report);
    }

    /** The first line the agent wrote about the replay, e.g. its divergence. */
    private static String firstReport(Path err) throws IOException {
        for (String line : Files.readAllLines(err, StandardCharsets.UTF_8)) {
            if (line.startsWith("[reprise]")) {
                return line.substring("[reprise]".length()).strip().replace('|', '/');
            }
        }
        return "";
    }
}
