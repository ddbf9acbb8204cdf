package dev.reprise.runtime;

import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;

/**
 * Recordings closed while their threads are busy, run in its own JVM by {@link CloseStressTest}:
 * in each round, threads record messages numbered 1..N for an actor of their own, then keep
 * running (neither recording nor parked, so they hold their buffers and never look idle) while
 * the main thread closes the recording. The flush interval is 1 ms, so the writer's ticks, which
 * try to take the same buffers over, race the close; with {@code -Dreprise.test.preemption=true}
 * the writer is held up at each step of a take-over.
 */
public final class CloseStress {
    static final long FIRST_ACTOR = 100;

    private CloseStress() {}

    /** Arguments: trace folder (one sub-folder per round), rounds, threads, messages per thread. */
    public static void main(String[] args) throws Exception {
        Path dir = Path.of(args[0]);
        int rounds = Integer.parseInt(args[1]);
        int threads = Integer.parseInt(args[2]);
        int messages = Integer.parseInt(args[3]);
        for (int round = 0; round < rounds; round++) {
            Recorder recorder = Recorder.start(
                    RecorderSettings.defaults(dir.resolve("round" + round)).withFlushInterval(Duration.ofMillis(1)));
            CountDownLatch recorded = new CountDownLatch(threads);
            boolean[] closed = {false};
            List<Thread> all = new ArrayList<>();
            for (int i = 0; i < threads; i++) {
                ActorRecord actor = new ActorRecord(FIRST_ACTOR + i);
                Thread t = new Thread(
                        () -> {
                            ThreadRecorder r = recorder.forCurrentThread();
                            for (int n = 1; n <= messages; n++) {
                                r.message(actor, n);
                            }
                            recorded.countDown();
                            while (!isClosed(closed)) {
                                Thread.onSpinWait(); // busy elsewhere: still holding the buffer
                            }
                        },
                        "busy-" + i);
                all.add(t);
                t.start();
            }
            recorded.await();
            recorder.close();
            synchronized (closed) {
                closed[0] = true;
            }
            for (Thread t : all) {
                t.join();
            }
        }
    }

    private static boolean isClosed(boolean[] closed) {
        synchronized (closed) {
            return closed[0];
        }
    }
}
