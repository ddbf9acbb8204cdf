package dev.reprise.samples;

import akka.actor.AbstractActor;
import akka.actor.ActorRef;
import akka.actor.ActorSystem;
import akka.actor.Props;
import akka.pattern.Patterns;
import java.lang.management.ManagementFactory;
import java.time.Duration;
import java.util.concurrent.TimeUnit;

/**
 * Many short-lived threads: {@code main} starts them a batch at a time ({@link #BATCH} at once),
 * each tells a counter actor its number (every tenth also asks it, and waits for the answer) and
 * exits. The counter folds the numbers in the order they arrive, which the threads race for; the
 * program prints the fold (stdout, what a replay must repeat) and, at each checkpoint, the heap in
 * use after a full collection (stderr, {@code heap after N threads: BYTES}), which must not grow
 * with the threads that have come and gone.
 *
 * <p>Arguments: the number of threads, then the checkpoints (thread counts, ascending).
 */
public final class ThreadChurn {
    private ThreadChurn() {}

    /** Threads alive at once. */
    static final int BATCH = 8;
    /** Every this many threads, one asks instead of only telling. */
    static final int ASK_EVERY = 10;
    /** What a checkpoint's line on stderr starts with. */
    public static final String HEAP_LINE = "heap after ";

    /** Folds the numbers it is told in their order of arrival; answers an ask with the fold so far. */
    static final class Counter extends AbstractActor {
        private long fold = 17;
        private int told;

        @Override
        public Receive createReceive() {
            return receiveBuilder()
                    .match(Integer.class, n -> {
                        fold = fold * 31 + n;
                        told++;
                    })
                    .matchEquals(
                            "fold", m -> getSender().tell(told + " told, fold " + Long.toHexString(fold), getSelf()))
                    .build();
        }
    }

    public static void main(String[] args) throws Exception {
        int threads = Integer.parseInt(args[0]);
        ActorSystem system = ActorSystem.create("ThreadChurn");
        ActorRef counter = system.actorOf(Props.create(Counter.class, Counter::new), "counter");
        int checkpoint = 1;
        long t0 = System.nanoTime();
        for (int started = 0; started < threads; ) {
            Thread[] batch = new Thread[Math.min(BATCH, threads - started)];
            for (int i = 0; i < batch.length; i++) {
                int n = ++started;
                batch[i] = new Thread(() -> send(counter, n));
                batch[i].start();
            }
            for (Thread t : batch) {
                t.join();
            }
            if (checkpoint < args.length && started == Integer.parseInt(args[checkpoint])) {
                System.err.println(HEAP_LINE + started + " threads: " + heapAfterCollection());
                checkpoint++;
            }
        }
        Object fold = Patterns.ask(counter, "fold", Duration.ofSeconds(30))
                .toCompletableFuture()
                .get(30, TimeUnit.SECONDS);
        System.out.println(threads + " threads, " + fold);
        System.err.println(
                threads + " threads in " + (System.nanoTime() - t0) / 1_000_000 + " ms (checkpoints included)");
        system.terminate();
    }

    private static void send(ActorRef counter, int n) {
        counter.tell(n, ActorRef.noSender());
        if (n % ASK_EVERY == 0) {
            try {
                Patterns.ask(counter, "fold", Duration.ofSeconds(30))
                        .toCompletableFuture()
                        .get(30, TimeUnit.SECONDS);
            } catch (Exception e) {
                throw new IllegalStateException("thread " + n + ": its ask failed", e);
            }
        }
    }

    /**
     * Heap in use after full collections, in bytes. Waits a moment first, so the recorder's writer
     * has ticked (it lets go of dead threads at its ticks) and the last threads' exit is complete.
     */
    private static long heapAfterCollection() throws InterruptedException {
        Thread.sleep(300);
        long used = Long.MAX_VALUE;
        for (int i = 0; i < 4; i++) {
            System.gc();
            Thread.sleep(50);
            used = Math.min(
                    used,
                    ManagementFactory.getMemoryMXBean().getHeapMemoryUsage().getUsed());
        }
        return used;
    }
}
