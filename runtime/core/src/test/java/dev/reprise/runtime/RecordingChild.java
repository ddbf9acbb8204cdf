package dev.reprise.runtime;

import java.nio.file.Path;
import java.time.Duration;

/**
 * The program the crash tests run in a child JVM: three threads, each running one actor (ids 1, 2,
 * 3) that processes messages from senders 0..4 in turn, forever. It prints, every 20 ms, how many
 * events each actor has recorded, then either runs until it is killed ({@code kill}) or calls
 * {@code System.exit} without closing the recorder ({@code exit}).
 */
public final class RecordingChild {
    private RecordingChild() {}

    /** The sender of an actor's n-th message: the same in the child and in the test's check. */
    static int senderOf(long n) {
        return (int) (n % 5);
    }

    public static void main(String[] args) throws Exception {
        Path dir = Path.of(args[0]);
        String mode = args[1];
        Recorder recorder = Recorder.start(RecorderSettings.defaults(dir)
                .withFlushInterval(Duration.ofMillis(50))
                .withProgram("RecordingChild"));
        long[] recorded = new long[3];
        for (int t = 0; t < 3; t++) {
            int index = t;
            Thread w = new Thread(
                    () -> {
                        ActorRecord actor = new ActorRecord(index + 1);
                        ThreadRecorder r = recorder.forCurrentThread();
                        for (long n = 0; ; n++) {
                            r.message(actor, senderOf(n));
                            recorded[index] = n + 1;
                            if (n % 1000 == 999) {
                                sleepQuietly(1);
                            }
                        }
                    },
                    "child-worker-" + t);
            w.setDaemon(true);
            w.start();
        }
        long until = System.nanoTime() + Duration.ofSeconds(60).toNanos();
        while (System.nanoTime() < until) {
            System.out.println("recorded " + recorded[0] + " " + recorded[1] + " " + recorded[2]);
            System.out.flush();
            Thread.sleep(20);
            if (mode.equals("exit") && recorded[0] > 20_000) {
                System.exit(0); // the shutdown hook must finish the trace
            }
        }
    }

    private static void sleepQuietly(long ms) {
        try {
            Thread.sleep(ms);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
