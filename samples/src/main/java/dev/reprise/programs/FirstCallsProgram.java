package dev.reprise.programs;

import akka.actor.AbstractActor;
import akka.actor.ActorRef;
import akka.actor.ActorSystem;
import akka.actor.Props;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.SplittableRandom;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ThreadLocalRandom;

/**
 * Threads the program makes draw random numbers and read the clock before they send anything: the
 * draws of a thread's first instructions are its own, recorded from the start. Three threads are
 * made inside Scala's code ({@code Range.apply(0, 3).foreach(i -> ... new Thread(...))}), as a Scala
 * program makes them, and are the program's threads all the same. Each
 * draws from {@code new Random()}, {@code ThreadLocalRandom} and {@code SplittableRandom} and reads
 * the clock, and only then tells a collector its sum; the collector prints each in arrival order (a
 * race), and {@code main} prints every thread's draws once all have arrived, then terminates the
 * actor system. {@code -Dcalls.delay=MS} holds each thread back before it sends, the last made
 * the least (a replay whose threads come in another order).
 */
public final class FirstCallsProgram {
    public static final int THREADS = 3;
    static final int DRAWS = 4;
    static final long DELAY = Long.getLong("calls.delay", 0);

    private FirstCallsProgram() {}

    static final class Collector extends AbstractActor {
        final CountDownLatch all;

        Collector(CountDownLatch all) {
            this.all = all;
        }

        @Override
        public Receive createReceive() {
            return receiveBuilder()
                    .match(String.class, m -> {
                        System.out.println("collector: " + m);
                        all.countDown();
                    })
                    .build();
        }
    }

    private static void sleep(long millis) {
        try {
            Thread.sleep(millis);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    public static void main(String[] args) throws InterruptedException {
        ActorSystem system = ActorSystem.create("first-calls", ProgramConfig.config(false));
        CountDownLatch all = new CountDownLatch(THREADS);
        ActorRef collector = system.actorOf(Props.create(Collector.class, () -> new Collector(all)), "collector");
        String[] draws = new String[THREADS];
        List<Thread> threads = new ArrayList<>();
        // Made inside Scala's code (a Range's foreach), as a Scala program would: still the program's threads.
        new scala.collection.immutable.Range.Exclusive(0, THREADS, 1)
                .foreach((Object i) -> threads.add(new Thread(() -> {
                    int index = (Integer) i;
                    List<Long> drawn = new ArrayList<>();
                    Random random = new Random();
                    SplittableRandom splittable = new SplittableRandom();
                    for (int d = 0; d < DRAWS; d++) {
                        drawn.add((long) random.nextInt(1000));
                        drawn.add((long) ThreadLocalRandom.current().nextInt(1000));
                        drawn.add((long) splittable.nextInt(1000));
                    }
                    drawn.add(System.currentTimeMillis() % 1000);
                    draws[index] = drawn.toString();
                    long sum = drawn.stream().mapToLong(Long::longValue).sum();
                    sleep(DELAY * (THREADS - index)); // -Dcalls.delay: the last thread made sends first
                    collector.tell("thread " + index + " sums to " + sum, ActorRef.noSender());
                })));
        threads.forEach(Thread::start);
        for (Thread t : threads) {
            t.join();
        }
        all.await();
        for (int i = 0; i < THREADS; i++) {
            System.out.println("main: thread " + i + " drew " + draws[i]);
        }
        system.terminate();
    }
}
