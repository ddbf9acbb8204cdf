package dev.reprise.agent;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.reprise.programs.EndingsProgram;
import dev.reprise.programs.TimedEndingsProgram;
import java.nio.file.Path;
import java.util.List;
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
            RecordedRun rec =
                    RecordedRun.record(trace, "include=dev.reprise.programs", TimedEndingsProgram.class, mode);
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
        RecordedRun rep = RecordedRun.run(
                trace,
                "-javaagent:" + RecordedRun.agentJar() + "=replay,trace=" + trace
                        + ",quiet=3s,end=live,changedProgram=true",
                EndingsProgram.class,
                "exit",
                "100");
        assertEquals(0, rep.exitCode, rep.toString());
        assertEquals(List.of("echoed"), rep.out, rep::toString);
        assertTrue(
                java.util.regex.Pattern.compile("replayed (\\d+) of \\1 messages")
                        .matcher(rep.err)
                        .find(),
                rep.err);
    }
}
