package dev.reprise.agent.replay;

import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.reprise.agent.Agent;
import dev.reprise.agent.actor.Tag;
import dev.reprise.agent.context.AgentCopy;
import dev.reprise.agent.context.Timers;
import dev.reprise.runtime.Recorder;
import dev.reprise.runtime.RecorderSettings;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Map;
import java.util.concurrent.Semaphore;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A periodic timer in replay, driven as Akka's scheduler drives it, on a real (empty) trace: each
 * firing sends its tick, then arms the next firing; the actor that got the tick asks for the next
 * one at once, often while the firing that sent it is still arming. Every tick asked for must
 * come: a request lost between a firing and its next arming left a replay waiting forever (seen in
 * CI as "waits for message from /user (2), sent when timer (53) fired").
 */
class ReplayTimersTest {
    private static final long OWNER = 2;
    private static final long TIMER = 53;
    private static final int TICKS = 20_000;

    @TempDir
    Path tmp;

    @AfterEach
    void noMode() {
        Agent.mode = null;
    }

    @Test
    void everyTickAskedForWhileTheLastOneArmsItsNextComes() throws Exception {
        Path trace = tmp.resolve("trace");
        Recorder.startWithoutMBean(RecorderSettings.defaults(trace), Map.of()).close();
        try (ReplayMode replay =
                new ReplayMode(trace, false, Duration.ofMinutes(1), false, false, false, AgentCopy.only())) {
            Agent.mode = replay;
            Semaphore ticks = new Semaphore(0);
            Tag fires = Tag.timer(OWNER, TIMER);
            Runnable tick = new Runnable() {
                @Override
                public void run() {
                    ticks.release(); // the tick is in the owner's mailbox
                    pause(); // the scheduler's own work before it re-arms
                    replay.timers.arm(TIMER, OWNER, new Timers.TimerTask(this, fires, false), true);
                    pause(); // and after: the firing ends meanwhile or not
                }
            };
            replay.timers.arm(TIMER, OWNER, new Timers.TimerTask(tick, fires, false), false);
            for (int i = 1; i <= TICKS; i++) {
                pause();
                assertTrue(replay.timers.fire(TIMER), "tick " + i + ": the timer is not armed");
                assertTrue(ticks.tryAcquire(10, TimeUnit.SECONDS), "tick " + i + " was asked for and never came");
            }
        }
    }

    /** Up to a few microseconds, so each side reaches the other's every step over the run. */
    private static void pause() {
        int n = ThreadLocalRandom.current().nextInt(4);
        if (n == 0) {
            Thread.yield();
        }
        for (int i = n * 200; i > 0; i--) {
            Thread.onSpinWait();
        }
    }
}
