package dev.reprise.agent;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.reprise.programs.EndingsProgram;
import dev.reprise.programs.TimedEndingsProgram;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The end of a recording is a point in the replay: busy programs that end by time, by
 * {@code CoordinatedShutdown} or by {@code System.exit} from an actor replay exactly what they
 * printed when recorded, and no more (tickers whose timers keep firing do not go on live).
 */
class EndOfRecordingIT {
    @TempDir
    Path tmp;

    @ParameterizedTest
    @ValueSource(strings = {"sleep", "coordinated", "exit"})
    void aProgramEndingWhileItsActorsAreBusyReplaysItsOutputAndNoMore(String mode) throws Exception {
        for (int i = 0; i < 2; i++) {
            Path trace = tmp.resolve(mode + i);
            RecordedRun rec = RecordedRun.record(trace, "include=dev.reprise.programs", TimedEndingsProgram.class, mode);
            assertEquals(0, rec.exitCode, rec.toString());
            assertTrue(rec.out.size() > 20, "the tickers ticked: " + rec);
            RecordedRun rep = RecordedRun.replay(trace, List.of(), TimedEndingsProgram.class, mode);
            assertEquals(0, rep.exitCode, rep.toString());
            assertEquals(String.join("\n", rec.out), String.join("\n", rep.out), mode + " run " + i + ": " + rep.err);
            assertFalse(rep.err.contains("DIVERGED"), rep.err);
            rep.assertApplicationTraceConsumed();
        }
    }

    /**
     * With {@code end=live} (what {@code ./reprise replay --live} passes) an actor that has used up
     * its recorded events goes on live: the program, now asking for more echoes than it did when
     * recorded (and ending by System.exit, so no recorded stop closes the echo's events), gets them.
     */
    @Test
    void withEndLiveAnActorGoesOnPastItsRecordedEvents() throws Exception {
        Path trace = tmp.resolve("live");
        RecordedRun rec = RecordedRun.record(trace, "include=dev.reprise.programs", EndingsProgram.class, "exit", "40");
        assertEquals(0, rec.exitCode, rec.toString());
        RecordedRun rep = RecordedRun.run(trace, "-javaagent:" + RecordedRun.agentJar() + "=replay,trace=" + trace
                + ",quiet=3s,end=live", EndingsProgram.class, "exit", "100");
        assertEquals(0, rep.exitCode, rep.toString());
        assertEquals(List.of("echoed"), rep.out, rep::toString);
        assertTrue(java.util.regex.Pattern.compile("replayed (\\d+) of \\1 messages").matcher(rep.err).find(), rep.err);
    }

    /**
     * A service stopped with SIGTERM, recorded and replayed: once the replay has caught up with the
     * recording, SIGTERM stops it as promptly as it stopped the recording (the program's shutdown hook
     * terminates its actor system; Akka's own actors go on past their recorded events to let it), with
     * the replay's summary. The end of each recording's shutdown races the trace's close, so twice.
     */
    @Test
    void aServiceReplayStopsPromptlyOnSigtermOnceItHasCaughtUp() throws Exception {
        for (int i = 0; i < 2; i++) {
            Path trace = tmp.resolve("service" + i);
            Stopped rec = Stopped.run(tmp, "-javaagent:" + RecordedRun.agentJar() + "=record,trace=" + trace);
            assertEquals(List.of("echoed", "stopped"), rec.out(), rec.toString());
            Stopped rep = Stopped.run(tmp, "-javaagent:" + RecordedRun.agentJar() + "=replay,trace=" + trace + ",quiet=5s");
            assertEquals(List.of("echoed", "stopped"), rep.out(), rep.toString());
            assertTrue(rep.stopMillis() < 10_000, "the replay took " + rep.stopMillis() + " ms to stop: " + rep);
            assertFalse(rep.err().contains("DIVERGED"), rep.err());
            assertTrue(rep.err().contains("every application actor consumed its recorded events")
                    || rep.err().contains("the whole trace was consumed"), rep.err());
        }
    }

    /** EndingsProgram's service under the agent, stopped with SIGTERM once it has echoed; how long it took to stop. */
    private record Stopped(List<String> out, String err, long stopMillis) {
        static Stopped run(Path dir, String agentFlag) throws Exception {
            Path out = Files.createTempFile(dir, "service", ".out");
            Path err = Files.createTempFile(dir, "service", ".err");
            Process p = new ProcessBuilder(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                    "--sun-misc-unsafe-memory-access=allow", agentFlag, "-cp", RecordedRun.programClassPath(),
                    EndingsProgram.class.getName(), "service")
                    .redirectOutput(out.toFile()).redirectError(err.toFile()).start();
            try {
                long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(120);
                while (!Files.readAllLines(out).contains("echoed")) {
                    assertTrue(p.isAlive() && System.nanoTime() < deadline, "no 'echoed' from the service:\n"
                            + Files.readString(out) + Files.readString(err));
                    Thread.sleep(50);
                }
                long t0 = System.nanoTime();
                p.destroy(); // SIGTERM
                assertTrue(p.waitFor(60, TimeUnit.SECONDS), "the service did not stop within 60 s");
                return new Stopped(Files.readAllLines(out), Files.readString(err), (System.nanoTime() - t0) / 1_000_000);
            } finally {
                p.destroyForcibly();
            }
        }
    }
}
