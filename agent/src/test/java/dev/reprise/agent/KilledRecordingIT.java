package dev.reprise.agent;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.reprise.programs.PingPongProgram;
import dev.reprise.testsupport.ChildProcess;
import dev.reprise.trace.ActorEventSource;
import dev.reprise.trace.TraceAnalysis;
import dev.reprise.trace.TraceEvent;
import dev.reprise.trace.TraceIndex;
import dev.reprise.trace.TraceProblem;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Random;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A recording killed with SIGKILL, as users meet it: a ping-pong that runs until killed, at random
 * instants. Its replay follows the trace as far as it was written, then stops by itself with 87.
 */
class KilledRecordingIT {
    private static final Pattern SUMMARY = Pattern.compile("replayed (\\d+) of (\\d+) messages");

    @TempDir
    Path tmp;

    /** Records the endless ping-pong ({@code mode} forever or flat-out) and kills it {@code millis} after the ball is in play. */
    private static void recordAndKill(Path trace, long millis, String mode) throws Exception {
        try (ChildProcess.Running p = RecordedRun.program(
                        "-javaagent:" + RecordedRun.agentJar() + "=record,trace=" + trace,
                        List.of(),
                        PingPongProgram.class,
                        mode)
                .discardErrors()
                .start()) {
            p.awaitLine("started"::equals, Duration.ofMinutes(2)); // after Akka's start-up output, if any
            Thread.sleep(millis);
            p.kill(); // SIGKILL: no shutdown hook, no clean end
            assertTrue(p.process().waitFor(10, TimeUnit.SECONDS));
        }
    }

    /** The messages a replay can reach: each actor's events up to its first missing subtrace. */
    private static long reachableMessages(Path trace) throws Exception {
        long n = 0;
        try (TraceIndex index = TraceIndex.open(trace)) {
            for (long actor : index.actors()) {
                ActorEventSource events = index.actor(actor);
                for (TraceEvent e; (e = events.next()) != null; ) {
                    n += e.isMessage() ? 1 : 0;
                }
                index.forget(actor);
            }
        }
        return n;
    }

    @Test
    void aKilledRecordingReplaysAsFarAsItWasWrittenThenStopsByItself() throws Exception {
        Random random = new Random();
        for (int i = 0; i < 3; i++) {
            killReplayAndCheck(tmp.resolve("killed-" + i), 1000 + random.nextInt(3000), "forever");
        }
    }

    /** The measure: 8 s of ping-pong at full speed (about ten million messages), then SIGKILL. */
    @Test
    void eightSecondsOfFullSpeedPingPongKilledReplayAtLeastNinetyPercent() throws Exception {
        killReplayAndCheck(tmp.resolve("flat-out"), 8000, "flat-out");
    }

    private static void killReplayAndCheck(Path trace, long killAfter, String mode) throws Exception {
        recordAndKill(trace, killAfter, mode);

        TraceAnalysis.Report report = TraceAnalysis.run(trace);
        assertTrue(
                report.problems().stream().anyMatch(p -> p.kind() == TraceProblem.Kind.UNCLEAN_END),
                "reported truncated: " + report.problems());
        long recorded = report.statistics().messages();
        long reachable = reachableMessages(trace);
        assertTrue(
                recorded > 1000, "killed after " + killAfter + " ms, the trace holds only " + recorded + " messages");

        long t0 = System.nanoTime();
        // About a minute for the 40 million messages of 8 s at full speed; more on a busy machine.
        RecordedRun rep = RecordedRun.replay(trace, List.of(), Duration.ofMinutes(6), PingPongProgram.class, mode);
        long replayMillis = (System.nanoTime() - t0) / 1_000_000;
        assertEquals(87, rep.exitCode, rep.toString());
        assertTrue(rep.err.contains("the recording ends here"), rep.err);
        assertFalse(rep.err.contains("REPLAY DIVERGED"), rep.err);
        Matcher m = SUMMARY.matcher(rep.err);
        assertTrue(m.find(), rep.err);
        long replayed = Long.parseLong(m.group(1));
        assertEquals(recorded, Long.parseLong(m.group(2)), "the summary counts the trace as stats does");
        String figures = String.format(
                "%s killed after %d ms: replayed %d of %d messages (%.1f%%), %d reachable, replay %d ms",
                mode, killAfter, replayed, recorded, 100.0 * replayed / recorded, reachable, replayMillis);
        System.out.println("[KilledRecordingIT] " + figures);
        // What a crash costs: the buffers not yet flushed, and what other threads recorded after
        // an actor's lost subtrace (the trace holds it, but its order depends on what was lost).
        assertTrue(replayed >= 0.9 * recorded, figures + "\n" + rep.err);
    }
}
