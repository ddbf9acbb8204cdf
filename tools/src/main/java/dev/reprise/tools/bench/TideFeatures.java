package dev.reprise.tools.bench;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * Whether the Tide JVM runs on the Graal-compiled engine, and whether the built Tide can record and
 * replay (has the {@code tide.Record} and {@code tide.Replay} options), as its
 * {@code TideBenchMain --features} says. Without them {@code bench truffle}
 * measures the untraced arm and its A/A floor only, and says so.
 */
record TideFeatures(boolean compiled, boolean record, boolean replay) {

    /** Asks a JVM of the built module. */
    static TideFeatures probe(TideLaunch launch) throws IOException, InterruptedException {
        Process p = new ProcessBuilder(launch.command(List.of(), List.of("--features")))
                .redirectErrorStream(true)
                .start();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        if (!p.waitFor(2, TimeUnit.MINUTES) || p.exitValue() != 0) {
            p.destroyForcibly();
            throw new IOException("the Tide benchmark JVM did not start (TideBenchMain --features): " + out.strip());
        }
        List<String> lines = out.lines().toList();
        return new TideFeatures(
                lines.contains("compiled yes"), lines.contains("record yes"), lines.contains("replay yes"));
    }

    /** For the console and the report. */
    String describe() {
        if (record && replay) {
            return "untraced and recorded arms, every recording replayed";
        }
        if (record) {
            return "untraced and recorded arms; this build of Tide cannot replay (no tide.Replay option), so nothing is replayed";
        }
        return "untraced arm only: this build of Tide cannot record (no tide.Record option), so there is no recorded arm, "
                + "trace size or replay, only the untraced times and their A/A floor";
    }
}
