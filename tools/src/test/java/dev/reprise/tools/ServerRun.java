package dev.reprise.tools;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.function.Predicate;

/**
 * A server program run through {@code ./reprise record} or {@code replay} while the test is its
 * clients: the program writes the port it bound to a file named by its last argument; the
 * clients talk to it and end it.
 *
 * @param exit the command's exit status
 * @param programLines the program's own lines in its output
 * @param answers what the clients got, in an order that does not depend on the run
 * @param output the whole output, for failure messages
 */
record ServerRun(int exit, List<String> programLines, List<String> answers, String output) {
    /** The clients of a server listening on a port. */
    interface Clients {
        List<String> talk(int port) throws Exception;
    }

    @Override
    public String toString() {
        return "exit " + exit + ", answers " + answers + ", output:\n" + output;
    }

    /**
     * A server program, its arguments (before the port file), its clients, which of its output
     * lines are its own, and the options every replay of it gets (e.g. a shorter {@code --quiet}).
     */
    record Program(
            Class<?> main, List<String> args, Clients clients, Predicate<String> ownLine, List<String> replayOptions) {
        /**
         * Runs {@code ./reprise COMMAND --trace TRACE -- -cp ... MAIN ARGS PORT_FILE} with the
         * clients talking to it. The port file is the same in every run: a replay runs the
         * recorded command line.
         */
        ServerRun run(Path dir, String command, Path trace) throws Exception {
            Path port = dir.resolve("port");
            Files.deleteIfExists(port);
            Path output = dir.resolve(command + "-" + System.nanoTime() + ".txt");
            List<String> cmd = new ArrayList<>(List.of(command, "--trace", trace.toString()));
            if (command.equals("replay")) {
                cmd.addAll(replayOptions);
            }
            cmd.addAll(List.of("--", "-cp", SampleRuns.programClassPath(main), main.getName()));
            cmd.addAll(args);
            cmd.add(port.toString());
            Process p = Cli.start(cmd, output);
            List<String> answers = clients.talk(awaitPort(port, p));
            if (!p.waitFor(90, TimeUnit.SECONDS)) {
                p.destroyForcibly();
                throw new AssertionError("still running after 90 s: " + Files.readString(output));
            }
            String out = Files.readString(output);
            return new ServerRun(p.exitValue(), out.lines().filter(ownLine).toList(), answers, out);
        }

        /**
         * Replays {@code trace} {@code times} times with {@code --input-from-trace} and no client,
         * and as often with live clients: each prints the recorded program lines and exits 0, and
         * the live clients get the recorded answers.
         */
        void assertReplaysAsRecorded(Path dir, Path trace, ServerRun recorded, int times) throws Exception {
            for (int i = 1; i <= times; i++) {
                List<String> withPort = new ArrayList<>(args);
                withPort.add(dir.resolve("port").toString());
                List<String> options = new ArrayList<>(replayOptions);
                options.add("--input-from-trace");
                Cli.Result alone = RecordedPrograms.replay(trace, options, main, withPort.toArray(String[]::new));
                assertEquals(0, alone.exit(), alone::toString);
                assertEquals(
                        recorded.programLines(),
                        alone.out().lines().filter(ownLine).toList(),
                        alone::toString);

                ServerRun live = run(dir, "replay", trace);
                assertEquals(0, live.exit(), live::toString);
                assertEquals(recorded.programLines(), live.programLines(), live::toString);
                assertEquals(recorded.answers(), live.answers(), live::toString);
            }
        }
    }

    private static int awaitPort(Path portFile, Process server) throws Exception {
        long deadline = System.nanoTime() + Duration.ofSeconds(60).toNanos();
        while (System.nanoTime() < deadline && server.isAlive()) {
            if (Files.exists(portFile) && !Files.readString(portFile).isBlank()) {
                return Integer.parseInt(Files.readString(portFile).trim());
            }
            Thread.sleep(50);
        }
        throw new AssertionError("the server wrote no port to " + portFile);
    }
}
