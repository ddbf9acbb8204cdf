package dev.reprise.tools;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.reprise.testsupport.ChildProcess;
import dev.reprise.testsupport.Project;
import java.io.IOException;
import java.net.ServerSocket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * Walks through {@code acmeair-port/README.md} as a user would: every command of its sections "Run
 * it", "Drive it" and "Record and replay" runs as written, each in a child process of its own
 * ({@code bash -c}) from the repository root, after the section's variable assignments ({@code CP=}).
 * Only {@code /tmp/} and port 9080 are replaced, by this test's directory and a free port. A server
 * command runs in the background until the text's next command that is not its client (curl, the
 * driver), and is then stopped with SIGTERM, as the text's Ctrl-C or {@code kill} stops it; every
 * other command runs to its end. What the text says each command does is checked.
 */
class AcmeAirReadmeIT {
    private static final Path README = Cli.ROOT.resolve("acmeair-port/README.md");
    private static final Path WORK = Cli.ROOT.resolve("tools/target/acmeair-readme-it");
    private static final List<String> WALKED = List.of("## Run it", "## Drive it", "## Record and replay");
    private static final Duration COMMAND_LIMIT = Duration.ofMinutes(3);

    @Test
    void everyCommandOfTheReadmeWorksAsWritten() throws Exception {
        Cli.requireJars();
        assertTrue(
                Files.isRegularFile(Cli.ROOT.resolve("acmeair-port/target/run.classpath")),
                "acmeair-port is not built: mvn -pl acmeair-port -am package -DskipTests");
        Cli.deleteTree(WORK);
        Files.createDirectories(WORK);
        int port = freePort();
        List<String> commands = ReadmeCommands.in(Files.readString(README), WALKED);
        assertTrue(commands.size() >= 8, "the README's walk-through has " + commands.size() + " commands: " + commands);

        List<String> assignments = new ArrayList<>();
        ChildProcess.Running server = null;
        String serverCommand = null;
        Map<String, ChildProcess.Result> results = new HashMap<>();
        int step = 0;
        for (String written : commands) {
            String command = written.replace("/tmp/", WORK + "/").replace("9080", Integer.toString(port));
            if (command.matches("[A-Z_]+=.*")) {
                assignments.add(command);
                continue;
            }
            boolean client = command.startsWith("curl ") || command.contains("AcmeAirDriver");
            if (server != null && !client) {
                stop(server, serverCommand, results);
                server = null;
            }
            step++;
            ChildProcess child = ChildProcess.command("bash", "-c", String.join("\n", assignments) + "\n" + command)
                    .directory(Cli.ROOT)
                    .env(Project.PACKAGED)
                    .env("PATH", Path.of(System.getProperty("java.home"), "bin") + ":" + System.getenv("PATH"))
                    .output(WORK.resolve(step + ".out"), WORK.resolve(step + ".err"))
                    .timeout(COMMAND_LIMIT);
            if (command.contains("AcmeAirServer") && !command.contains("reprise replay")) {
                server = child.timeout(Duration.ofDays(1)).start();
                serverCommand = written;
                awaitListening(step, server, written);
            } else {
                ChildProcess.Result r = child.run();
                assertFalse(r.timedOut(), () -> "did not end within " + COMMAND_LIMIT + ": " + written + "\n" + r);
                results.put(written, r);
                check(written, r);
            }
        }
        if (server != null) {
            stop(server, serverCommand, results);
        }
        assertTrue(
                results.keySet().stream().anyMatch(c -> c.startsWith("./reprise replay")),
                "the walk-through replayed nothing: " + commands);
    }

    /** What the README says each command does. */
    private static void check(String command, ChildProcess.Result r) {
        if (command.startsWith("./reprise replay")) {
            assertEquals(143, r.exit(), () -> "the replay ends by itself with the recorded status (SIGTERM's)\n" + r);
            assertTrue(
                    r.err().contains("the replay has caught up to the end of its recording, which SIGTERM ended"),
                    r::toString);
            assertTrue(r.err().contains("[reprise] output: identical to the recording's"), r::toString);
            assertTrue(r.out().lines().anyMatch(l -> l.startsWith("response ")), r::toString);
            return;
        }
        assertEquals(0, r.exit(), () -> command + "\n" + r);
        if (command.startsWith("./reprise verify")) {
            assertTrue(r.out().contains("clean end (the run ended by SIGTERM, exit status 143)"), r::toString);
        } else if (command.contains("/login")) {
            assertEquals("logged in", r.out().strip(), r::toString);
        } else if (command.contains("/customer/byid/")) {
            assertTrue(r.out().contains("\"_id\":\"uid0@email.com\""), r::toString);
            assertFalse(r.out().contains("password"), () -> "a profile never shows its password: " + r);
        } else if (command.contains("AcmeAirDriver")) {
            assertTrue(r.out().contains("TOTAL"), r::toString); // exit 0: no request failed
        }
    }

    /** SIGTERM to the server (the JVM under bash, or under ./reprise record), as Ctrl-C or kill stops it. */
    private static void stop(ChildProcess.Running server, String command, Map<String, ChildProcess.Result> results) {
        if (server.process().descendants().findAny().isPresent()) {
            server.terminateDescendants(); // bash forked the JVM, or ./reprise's (bash waits for it)
        } else {
            server.terminate(); // bash became the JVM
        }
        ChildProcess.Result r = server.waitFor(Duration.ofSeconds(60));
        assertFalse(r.timedOut(), () -> "the server did not stop within 60 s of SIGTERM: " + command + "\n" + r);
        assertEquals(143, r.exit(), () -> "stopped by SIGTERM: " + command + "\n" + r);
        results.put(command, r);
    }

    private static void awaitListening(int step, ChildProcess.Running server, String command) throws Exception {
        Path err = WORK.resolve(step + ".err");
        long end = System.nanoTime() + COMMAND_LIMIT.toNanos();
        while (!Files.exists(err) || !Files.readString(err).contains("Acme-Air listening on http://127.0.0.1:")) {
            if (!server.isAlive() || System.nanoTime() > end) {
                server.kill();
                throw new AssertionError("the server did not say it listens: " + command + "\n--- stderr\n"
                        + (Files.exists(err) ? Files.readString(err) : ""));
            }
            Thread.sleep(200);
        }
    }

    private static int freePort() throws IOException {
        try (ServerSocket s = new ServerSocket(0)) {
            return s.getLocalPort();
        }
    }
}
