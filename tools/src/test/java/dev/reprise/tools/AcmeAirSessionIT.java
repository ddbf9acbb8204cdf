package dev.reprise.tools;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.reprise.testsupport.ChildProcess;
import dev.reprise.testsupport.Project;
import java.io.File;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.function.Predicate;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/**
 * A recorded Acme-Air session replays with identical responses, without its clients and without its
 * database: the server is recorded with {@code ./reprise record} while the JMeter driver runs its
 * closed loop with two threads (their requests race), stopped with SIGTERM, then replayed with
 * {@code ./reprise replay --input-from-trace} on an empty database directory. Every response's step
 * of the hash chain ({@code response <n> <hash>}, printed by the server with {@code --hash-responses})
 * comes out the same, in the same order.
 */
class AcmeAirSessionIT {
    private static final Path WORK = Cli.ROOT.resolve("tools/target/acmeair-it");
    private static final Pattern LISTENING = Pattern.compile("listening on http://127\\.0\\.0\\.1:(\\d+)/");
    private static final int DRIVE_SECONDS = 20;

    @Test
    void aRecordedSessionReplaysWithItsResponseHashesWithoutClientsOrDatabase() throws Exception {
        Cli.requireJars();
        assertTrue(
                Files.isRegularFile(Cli.ROOT.resolve("acmeair-port/target/run.classpath")),
                "acmeair-port is not "
                        + "built: a full build (./reprise test, mvn verify) builds it before the tools; with -pl tools, build it "
                        + "first: mvn -pl acmeair-port -am package -DskipTests");
        Cli.deleteTree(WORK);
        Files.createDirectories(WORK);
        String classPath = Cli.ROOT.resolve("acmeair-port/target/classes")
                + File.pathSeparator
                + Files.readString(Cli.ROOT.resolve("acmeair-port/target/run.classpath"))
                        .trim();
        Path trace = WORK.resolve("trace");

        Server recorded = Server.start(
                WORK,
                "record",
                List.of(
                        "record",
                        "--trace",
                        trace.toString(),
                        "--",
                        "-cp",
                        classPath,
                        "dev.reprise.acmeair.AcmeAirServer",
                        "--port",
                        "0",
                        "--db",
                        WORK.resolve("db").toString(),
                        "--customers",
                        "200",
                        "--load",
                        "--seed",
                        "7",
                        "--hash-responses"));
        int port = recorded.port();
        ChildProcess.Result driver = ChildProcess.java()
                .classPath(classPath)
                .main(
                        "dev.reprise.acmeair.driver.AcmeAirDriver",
                        "--url",
                        "http://127.0.0.1:" + port,
                        "--duration",
                        Integer.toString(DRIVE_SECONDS),
                        "--threads",
                        "2",
                        "--users",
                        "200")
                .mergeErrors()
                .output(WORK.resolve("driver.out"), null)
                .timeout(Duration.ofSeconds(DRIVE_SECONDS + 120))
                .run();
        assertFalse(driver.timedOut(), "the driver did not end");
        assertEquals(0, driver.exit(), driver.out());
        int recordExit = recorded.stop();
        List<String> recordedHashes = recorded.responses();
        assertTrue(
                recordedHashes.size() > 100,
                "the session made " + recordedHashes.size() + " responses: "
                        + Files.readString(WORK.resolve("driver.out")));
        assertTrue(recordExit == 0 || recordExit == 143, "recording exit " + recordExit + "\n" + recorded.err());
        Cli.Result verify = Cli.script(Cli.PACKAGED, "verify", trace.toString());
        assertEquals(0, verify.exit(), verify.toString());

        Server replayed = Server.start(
                WORK,
                "replay",
                List.of(
                        "replay",
                        "--trace",
                        trace.toString(),
                        "--input-from-trace",
                        "--allow-changed-program", // an empty database folder: the replay needs none
                        "--",
                        "-cp",
                        classPath,
                        "dev.reprise.acmeair.AcmeAirServer",
                        "--port",
                        "0",
                        "--db",
                        WORK.resolve("empty-db").toString(),
                        "--customers",
                        "200",
                        "--seed",
                        "7",
                        "--hash-responses"));
        replayed.awaitOutput(
                lines -> lines.stream().filter(l -> l.startsWith("response ")).count() >= recordedHashes.size(), 180);
        replayed.stop();
        assertFalse(replayed.err().contains("DIVERGED"), replayed.err());
        assertEquals(recordedHashes, replayed.responses(), "replayed response hashes\n" + replayed.err());
        System.out.println("[AcmeAirSessionIT] " + recordedHashes.size() + " responses recorded and replayed with the "
                + "same hashes; last: " + recordedHashes.get(recordedHashes.size() - 1));
    }

    /** A {@code ./reprise record|replay} of the server, running in the background. */
    private record Server(String what, ChildProcess.Running running, Path out, Path errFile) {
        static Server start(Path dir, String what, List<String> args) {
            Path out = dir.resolve(what + ".out");
            Path err = dir.resolve(what + ".err");
            ChildProcess.Running running = Project.script(args.toArray(String[]::new))
                    .directory(dir)
                    .output(out, err)
                    .timeout(Duration.ofDays(1))
                    .start();
            return new Server(what, running, out, err);
        }

        /** The HTTP port, once the server says it listens. */
        int port() throws Exception {
            awaitOutput(
                    lines -> lines.stream().anyMatch(l -> LISTENING.matcher(l).find()), 120);
            for (String l : lines()) {
                Matcher m = LISTENING.matcher(l);
                if (m.find()) {
                    return Integer.parseInt(m.group(1));
                }
            }
            throw new AssertionError("unreachable");
        }

        void awaitOutput(Predicate<List<String>> done, int seconds) throws Exception {
            long end = System.nanoTime() + TimeUnit.SECONDS.toNanos(seconds);
            while (!done.test(lines())) {
                if (!running.isAlive() || System.nanoTime() > end) {
                    stop();
                    throw new AssertionError(what + ": not there after " + seconds + " s (alive: " + running.isAlive()
                            + ")\n--- stdout tail\n" + String.join("\n", tail(lines())) + "\n--- stderr\n" + err());
                }
                Thread.sleep(200);
            }
        }

        /** SIGTERM to the server's JVM (the program under the agent), as a service is stopped; its exit code. */
        int stop() {
            running.terminateDescendants();
            return running.waitFor(Duration.ofSeconds(60)).exit(); // -1 when it had to be killed
        }

        List<String> lines() throws IOException {
            return Files.readAllLines(out, StandardCharsets.UTF_8);
        }

        List<String> responses() throws IOException {
            return lines().stream().filter(l -> l.startsWith("response ")).toList();
        }

        String err() throws IOException {
            return Files.readString(errFile, StandardCharsets.UTF_8);
        }

        private static List<String> tail(List<String> lines) {
            return lines.subList(Math.max(0, lines.size() - 20), lines.size());
        }
    }
}
