package dev.reprise.replay;

import java.util.ArrayList;
import java.util.List;

/**
 * Never hang silently: when no actor has run for the quiet time while the trace still expects
 * messages that some actor is waiting for, the replay stops with a report.
 */
final class Watchdog extends Thread {
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
        long since = System.nanoTime();
        while (!replay.stopping()) {
            try {
                Thread.sleep(Math.max(50, replay.quiet.toMillis() / 10));
            } catch (InterruptedException e) {
                return;
            }
            long p = replay.progress.get();
            if (p != lastProgress || replay.turnsRunning.get() > 0) {
                lastProgress = p;
                since = System.nanoTime();
                continue;
            }
            if (System.nanoTime() - since < quietNanos) {
                continue;
            }
            List<ReplayQueue> waiting = new ArrayList<>();
            for (ReplayQueue q : replay.queues) {
                if (q.waitingForExpectedMessage()) {
                    waiting.add(q);
                }
            }
            if (!waiting.isEmpty()) {
                replay.stop(DivergenceReport.stuck(replay, waiting));
                return;
            }
            since = System.nanoTime();
        }
    }
}
