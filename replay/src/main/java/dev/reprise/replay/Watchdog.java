package dev.reprise.replay;

import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * Never hang silently: when nothing recorded has been replayed for the quiet time while the trace
 * still expects messages that some actor is waiting for, or a recorded turn has been blocked (in
 * {@code Await}, a future's {@code get}, a lock) for that long, the replay stops with a report.
 * Progress is the trace's: live actors that keep running (a ticker past the end of the recording,
 * an actor that is not recorded) do not hide a replay that no longer follows it. In a recording cut off
 * by a crash, it also ends the replay once every actor has replayed what it can
 * ({@link RecordingEnd}): after half a second of calm with every recorded actor at its end, or,
 * once the replay has begun, after the quiet time with nothing waiting for recorded events. A wait
 * is not a divergence: while one of the program's own threads runs or sleeps
 * ({@link ReplaySupport#programGoesOn}), the actors waiting for what comes after it are not stuck,
 * up to {@link Replay#waitLimit()}. A recording that a signal ended ends its replay with that
 * signal once the replay has caught up ({@link SignalEnd}).
 */
final class Watchdog extends Thread {
    /** How long a cut recording's replay must be calm, with every actor at its end, before it ends. */
    private static final long SETTLE_NANOS = 500_000_000L;

    private final Replay replay;

    Watchdog(Replay replay) {
        super("reprise-replay-watchdog");
        setDaemon(true);
        this.replay = replay;
    }

    @Override
    public void run() {
        long quietNanos = replay.quiet.toNanos();
        long lastProgress = -1;
        boolean told = false; // that the program waits by itself: once per calm
        boolean signalled = false; // the recorded signal was raised (SignalEnd)
        long since = System.nanoTime();
        // A cut recording is checked more often, so its replay ends soon after the last event.
        long pollMillis = replay.cut
                ? Math.max(50, Math.min(100, replay.quiet.toMillis() / 10))
                : Math.max(50, replay.quiet.toMillis() / 10);
        while (!replay.stopping()) {
            try {
                Thread.sleep(pollMillis);
            } catch (InterruptedException e) {
                return;
            }
            long p = replay.traceProgress();
            boolean computing = replay.turns.computing(); // at every poll: it times the running turns
            if (p != lastProgress || computing) {
                lastProgress = p;
                since = System.nanoTime();
                told = false;
                continue;
            }
            long calm = System.nanoTime() - since;
            if (replay.cut && calm >= Math.min(SETTLE_NANOS, quietNanos) && RecordingEnd.reached(replay)) {
                replay.recordingEnded();
                return;
            }
            if (!signalled && calm >= Math.min(SETTLE_NANOS, quietNanos) && SignalEnd.due(replay)) {
                signalled = true;
                replay.endAsRecorded();
                continue;
            }
            if (calm < quietNanos) {
                continue;
            }
            List<ReplayMailbox> waiting = replay.mailboxes()
                    .filter(q -> q.waitingForExpectedMessage() && !(replay.cut && q.waitsBeyondTheRecording()))
                    .toList();
            List<RunningTurns.Turn> blocked = replay.turns.blockedFor(quietNanos);
            if (blocked.isEmpty()
                    && !waiting.isEmpty()
                    && calm < replay.waitLimit().toNanos()) {
                RunningTurns.Turn going = replay.turns.goingOn();
                String goesOn = going != null
                        ? "the turn of " + replay.support.describe(going.actor())
                                + (ThreadActivity.runs(going.thread()) ? " runs" : " sleeps") + " (thread "
                                + going.thread().getName() + ")"
                        : replay.support.programGoesOn();
                if (goesOn != null) {
                    if (!told) {
                        told = true;
                        System.err.println("[reprise] nothing recorded was replayed for "
                                + TimeUnit.NANOSECONDS.toSeconds(calm) + " s, but " + goesOn
                                + ": the program waits by itself, as the recording may have done here. The replay "
                                + "waits for it, up to " + replay.waitLimit().toSeconds() + " s.");
                    }
                    continue;
                }
            }
            if (!waiting.isEmpty() || !blocked.isEmpty()) {
                replay.stop(DivergenceReport.stuck(replay, blocked, waiting));
                return;
            }
            if (replay.cut && p > 0) {
                // Nothing moved for the quiet time since the replay began, and nothing waits for what was recorded.
                replay.recordingEnded();
                return;
            }
            since = System.nanoTime();
        }
    }
}
