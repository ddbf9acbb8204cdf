package dev.reprise.runtime;

import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.locks.LockSupport;

/**
 * A recording under stress, run in its own JVM by {@link TakeOverStressTest}: threads record
 * messages numbered 1..N (the sender id is the number) for an actor of their own, park now and
 * then for longer than a flush interval (so the writer takes their buffer over), and, with
 * {@code -Dreprise.test.preemption=true}, are held up running between the epoch check and the
 * append. The flush interval is 1 ms: a tick, and a take-over chance, every millisecond.
 */
public final class TakeOverStress {
    static final long FIRST_ACTOR = 100;

    private TakeOverStress() {}

    /** Arguments: trace folder, threads, messages per thread. */
    public static void main(String[] args) throws Exception {
        Path dir = Path.of(args[0]);
        int threads = Integer.parseInt(args[1]);
        int messages = Integer.parseInt(args[2]);
        Recorder recorder = Recorder.start(RecorderSettings.defaults(dir)
                .withFlushInterval(Duration.ofMillis(1))
                .withBuffers(4096, 64L << 20));
        List<Thread> all = new ArrayList<>();
        for (int i = 0; i < threads; i++) {
            ActorRecord actor = new ActorRecord(FIRST_ACTOR + i);
            Thread t = new Thread(
                    () -> {
                        ThreadRecorder r = recorder.forCurrentThread();
                        ThreadLocalRandom random = ThreadLocalRandom.current();
                        for (int n = 1; n <= messages; n++) {
                            r.message(actor, n);
                            if (random.nextInt(500) == 0) {
                                LockSupport.parkNanos(random.nextLong(1_000_000, 4_000_000)); // idle: taken over
                            }
                        }
                    },
                    "stress-" + i);
            all.add(t);
            t.start();
        }
        for (Thread t : all) {
            t.join();
        }
        recorder.close();
    }
}
