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
 * Replays a recorded server session with no driver and no database: the server JVM under
 * {@code -javaagent:...=replay,trace=DIR,input=trace} on an empty database directory, the recorded
 * requests injected from the trace. The replay is checked by the response hash chain the server
 * prints ({@code response <n> <hash>}): every step must equal the recording's, in order.
 */
final class AcmeAirReplay {
    private AcmeAirReplay() {}

    /**
     * How the replay went.
     *
     * @param identical whether every recorded response hash came out the same, in order
     * @param responses how many responses the recording made
     * @param seconds how long the replay took to make them (JVM start included)
     * @param note for a replay that did not match: where it stopped matching, or why it did not finish
     */
    record Outcome(boolean identical, int responses, double seconds, String note) {
        String describe() {
            return identical
                    ? String.format(Locale.ROOT, "%d responses with identical hashes in %.1f s", responses, seconds)
                    : "FAILED: " + note;
        }
    }

    static Outcome run(AcmeAirLaunch launch, Path trace, Path recordedOut, Path work, int customers, int timeoutSeconds)
            throws IOException, InterruptedException {
        List<String> expected = responses(recordedOut);
        List<String> cmd = new ArrayList<>(launch.jvm(
                "1g",
                // another, empty, database folder than the recording's: the replay needs none
                "replay,trace=" + trace + ",input=trace,changedProgram=true",
                "dev.reprise.acmeair.AcmeAirServer"));
        cmd.addAll(List.of(
                "--port",
                "0",
                "--db",
                work.resolve("db").toString(),
                "--customers",
                Integer.toString(customers),
                "--seed",
                "1",
                "--hash-responses"));
        Path out = work.resolve("replay.out");
        Path err = work.resolve("replay.err");
        long start = System.nanoTime();
        Process p = new ProcessBuilder(cmd)
                .redirectOutput(out.toFile())
                .redirectError(err.toFile())
                .start();
        long deadline = start + TimeUnit.SECONDS.toNanos(timeoutSeconds);
        List<String> replayed = responses(out);
        while (replayed.size() < expected.size() && p.isAlive() && System.nanoTime() < deadline) {
            Thread.sleep(100);
            replayed = responses(out);
        }
        double seconds = (System.nanoTime() - start) / 1e9;
        p.destroy(); // a replay whose recording a signal ended ends by itself; else SIGTERM stops it
        if (!p.waitFor(60, TimeUnit.SECONDS)) {
            p.destroyForcibly().waitFor();
        }
        replayed = responses(out);
        if (replayed.equals(expected)) {
            return new Outcome(true, expected.size(), seconds, "");
        }
        String report = firstReport(err);
        return new Outcome(
                false,
                expected.size(),
                seconds,
                mismatch(expected, replayed) + (report.isEmpty() ? "" : "; " + report));
    }

    /** Where the replayed hash chain leaves the recorded one. */
    private static String mismatch(List<String> expected, List<String> replayed) {
        for (int i = 0; i < Math.min(expected.size(), replayed.size()); i++) {
            if (!expected.get(i).equals(replayed.get(i))) {
                return "response " + (i + 1) + " of " + expected.size() + " differs";
            }
        }
        return "the replay made " + replayed.size() + " of the recording's " + expected.size() + " responses";
    }

    private static List<String> responses(Path out) throws IOException {
        if (!Files.exists(out)) {
            return List.of();
        }
        return Files.readAllLines(out, StandardCharsets.UTF_8).stream()
                .filter(l -> l.startsWith("response "))
                .toList();
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
