package dev.reprise.tools;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.reprise.testsupport.ChildProcess;
import dev.reprise.testsupport.Project;
import dev.reprise.trace.TraceMetadata;
import java.io.File;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.CookieManager;
import java.net.ServerSocket;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/**
 * A recorded Acme-Air session replays with identical responses, without its clients, and ends by
 * itself: the server is recorded twice with {@code ./reprise record} on one database with the same
 * {@code --seed} (the second recording's bookings and logins all succeed: ids never collide with an
 * earlier run's), while the JMeter driver runs its closed loop with two threads (their requests race)
 * and a client sends a profile too long for its column (Derby refuses the statement: 500), then
 * stopped with SIGTERM. The second recording is replayed with {@code ./reprise replay
 * --input-from-trace --check-output}: the failed statement fails again from the trace, every
 * response's step of the hash chain ({@code response <n> <hash>}, printed with
 * {@code --hash-responses}) comes out the same, in the same order, and the replay ends by itself
 * once it has caught up, with the recorded status (143, SIGTERM's).
 */
class AcmeAirSessionIT {
    private static final Path WORK = Cli.ROOT.resolve("tools/target/acmeair-it");
    private static final int DRIVE_SECONDS = 12;

    @Test
    void aRecordedSessionReplaysWithItsResponseHashesWithoutClientsAndEndsByItself() throws Exception {
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
        int port;
        try (ServerSocket s = new ServerSocket(0)) {
            port = s.getLocalPort();
        }
        List<String> server = List.of(
                "-cp",
                classPath,
                "dev.reprise.acmeair.AcmeAirServer",
                "--port",
                Integer.toString(port),
                "--db",
                WORK.resolve("db").toString(),
                "--customers",
                "200",
                "--load",
                "--seed",
                "7",
                "--hash-responses");

        record(server, WORK.resolve("first"), classPath, port, 4, false);
        Path trace = WORK.resolve("second");
        Server recorded = record(server, trace, classPath, port, DRIVE_SECONDS, true);
        List<String> recordedHashes = recorded.responses();
        Cli.Result verify = Cli.script(Cli.PACKAGED, "verify", trace.toString());
        assertEquals(0, verify.exit(), verify.toString());
        assertTrue(verify.out().contains("the run ended by SIGTERM, exit status 143"), verify.toString());
        long threads = TraceMetadata.read(trace).count("threads");
        assertTrue( // the common pool's workers run the responses' callbacks, and lose their thread-locals after each
                threads < 100,
                threads + " threads recorded for " + recordedHashes.size()
                        + " responses: one per thread, not per task");

        List<String> replay = new ArrayList<>(
                List.of("replay", "--trace", trace.toString(), "--input-from-trace", "--check-output", "--"));
        replay.addAll(server);
        Server replayed = Server.start(WORK, "replay", replay);
        ChildProcess.Result end = replayed.running().waitFor(Duration.ofSeconds(180));
        assertFalse(end.timedOut(), "the replay did not end by itself\n" + replayed.err());
        assertEquals(143, end.exit(), "the recorded exit status\n" + replayed.err());
        assertTrue(
                replayed.err().contains("the replay has caught up to the end of its recording, which SIGTERM ended"),
                replayed.err());
        assertTrue(replayed.err().contains("[reprise] output: identical to the recording's"), replayed.err());
        assertFalse(replayed.err().contains("DIVERGED"), replayed.err());
        assertEquals(recordedHashes, replayed.responses(), "replayed response hashes\n" + replayed.err());
        System.out.println("[AcmeAirSessionIT] " + recordedHashes.size() + " responses recorded and replayed with the "
                + "same hashes; last: " + recordedHashes.get(recordedHashes.size() - 1));

        // The tools that read a trace, on a server's sessions: the two recordings differ (other
        // drivers' requests); a page of one, and of both side by side, listing at most --max-events
        // (100,000) events of each run.
        Path first = WORK.resolve("first");
        Cli.Result diff = Cli.script(Cli.PACKAGED, "diff", first.toString(), trace.toString());
        assertEquals(1, diff.exit(), diff.toString());
        assertTrue(diff.out().contains("Root causes, first cause first:\n1. actor "), diff.toString());
        Cli.Result view = Cli.script(Cli.PACKAGED, "view", trace.toString());
        assertEquals(0, view.exit(), view.toString());
        assertTrue(view.out().startsWith("wrote "), view.toString());
        Cli.Result against = Cli.script(Cli.PACKAGED, "view", first.toString(), "--against", trace.toString());
        assertEquals(0, against.exit(), against.toString());
        java.util.regex.Matcher listed = java.util.regex.Pattern.compile(
                        "events, ([\\d,]+) of them listed|" + "([\\d,]+) events\\n")
                .matcher(against.out());
        assertTrue(listed.find(), against.toString());
        String count = listed.group(1) != null ? listed.group(1) : listed.group(2);
        assertTrue(Long.parseLong(count.replace(",", "")) <= 200_000, against.toString());
    }

    /**
     * Records the server into {@code trace} while the driver runs for {@code seconds} (and, with
     * {@code refused}, a client sends a profile Derby refuses), then stops it with SIGTERM.
     */
    private static Server record(
            List<String> server, Path trace, String classPath, int port, int seconds, boolean refused)
            throws Exception {
        List<String> args = new ArrayList<>(List.of("record", "--trace", trace.toString(), "--"));
        args.addAll(server);
        Server recorded = Server.start(WORK, trace.getFileName().toString(), args);
        recorded.awaitListening();
        CompletableFuture<String> refusedProfile =
                refused ? CompletableFuture.supplyAsync(() -> tooLongProfile(port)) : null;
        ChildProcess.Result driver = ChildProcess.java()
                .classPath(classPath)
                .main(
                        "dev.reprise.acmeair.driver.AcmeAirDriver",
                        "--url",
                        "http://127.0.0.1:" + port,
                        "--duration",
                        Integer.toString(seconds),
                        "--threads",
                        "2",
                        "--users",
                        "200")
                .mergeErrors()
                .output(WORK.resolve(trace.getFileName() + "-driver.out"), null)
                .timeout(Duration.ofSeconds(seconds + 120))
                .run();
        assertFalse(driver.timedOut(), "the driver did not end");
        assertEquals(0, driver.exit(), "every request succeeds, also on a database used before\n" + driver.out());
        if (refused) {
            assertEquals("500 the database refused the request (SQLState 22001)", refusedProfile.get());
        }
        int recordExit = recorded.stop();
        assertEquals(143, recordExit, "recording exit\n" + recorded.err());
        assertTrue(
                recorded.responses().size() > 100,
                "the session made " + recorded.responses().size() + " responses");
        return recorded;
    }

    /** Logs in as uid1 and saves its profile with a phone number too long for the column: status and body. */
    private static String tooLongProfile(int port) {
        try {
            HttpClient client =
                    HttpClient.newBuilder().cookieHandler(new CookieManager()).build();
            String api = "http://127.0.0.1:" + port + "/rest/api";
            client.send(
                    HttpRequest.newBuilder(URI.create(api + "/login"))
                            .header("Content-Type", "application/x-www-form-urlencoded")
                            .POST(HttpRequest.BodyPublishers.ofString("login=uid1@email.com&password=password"))
                            .build(),
                    HttpResponse.BodyHandlers.ofString());
            URI profile = URI.create(api + "/customer/byid/uid1@email.com");
            String stored = client.send(HttpRequest.newBuilder(profile).build(), HttpResponse.BodyHandlers.ofString())
                    .body();
            String tooLong =
                    stored.replaceFirst("\"phoneNumber\":\"[^\"]*\"", "\"phoneNumber\":\"" + "9".repeat(3000) + "\"");
            HttpResponse<String> r = client.send(
                    HttpRequest.newBuilder(profile)
                            .header("Content-Type", "application/json")
                            .POST(HttpRequest.BodyPublishers.ofString(tooLong))
                            .build(),
                    HttpResponse.BodyHandlers.ofString());
            return r.statusCode() + " " + r.body();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
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

        /** Returns once the server says (on stderr) that it listens. */
        void awaitListening() throws Exception {
            long end = System.nanoTime() + TimeUnit.SECONDS.toNanos(120);
            while (!err().contains("Acme-Air listening on http://127.0.0.1:")) {
                if (!running.isAlive() || System.nanoTime() > end) {
                    stop();
                    throw new AssertionError(what + ": not listening after 120 s (alive: " + running.isAlive()
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
