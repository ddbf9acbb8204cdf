package dev.reprise.programs;

import akka.actor.AbstractActor;
import akka.actor.ActorRef;
import akka.actor.ActorSystem;
import akka.actor.Props;
import akka.stream.OverflowStrategy;
import akka.stream.javadsl.Sink;
import akka.stream.javadsl.Source;
import akka.stream.javadsl.SourceQueueWithComplete;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLongArray;

/**
 * Application code that runs in an Akka Streams stage, not in an actor of the program's: {@code
 * main} offers rounds to a stream's queue, whose {@code Sink.foreach} hands each to a thread pool of the program's
 * ({@code ExecutorService.execute}); the task writes the round's entries into a shared array,
 * then tells a ledger to book them. The ledger reads the entries from the array, not from the
 * message, so a replay must not hand it the recorded "book" before the task has sent it again. The
 * ledger is kept busy meanwhile: a clerk plays ping-pong with it, so its mailbox runs while the
 * tasks are still writing. The ledger prints how many pings came between the bookings and the
 * booked sums, then terminates the system; {@code main} waits for the termination.
 */
public final class StreamFedLedgerProgram {
    static final int ROUNDS = 6;
    static final int ENTRIES = 4_000;

    private StreamFedLedgerProgram() {}

    record Book(int round) {}

    record Ping(int n) {}

    record Pong(int n) {}

    static final class Ledger extends AbstractActor {
        private final AtomicLongArray entries;
        private final StringBuilder log = new StringBuilder();
        private long total;
        private int booked;
        private int pings;

        Ledger(AtomicLongArray entries) {
            this.entries = entries;
        }

        @Override
        public Receive createReceive() {
            return receiveBuilder()
                    .match(Ping.class, p -> {
                        pings++;
                        if (booked < ROUNDS) {
                            sender().tell(new Pong(p.n()), self());
                        }
                    })
                    .match(Book.class, b -> {
                        long sum = 0;
                        for (int k = 0; k < ENTRIES; k++) {
                            sum += entries.get(b.round() * ENTRIES + k);
                        }
                        log.append(" r").append(b.round()).append('@').append(pings);
                        total = total * 31 + sum;
                        if (++booked == ROUNDS) {
                            System.out.println("bookings" + log);
                            System.out.println("total " + total);
                            getContext().getSystem().terminate();
                        }
                    })
                    .build();
        }
    }

    static final class Clerk extends AbstractActor {
        private final ActorRef ledger;

        Clerk(ActorRef ledger) {
            this.ledger = ledger;
        }

        @Override
        public void preStart() {
            ledger.tell(new Ping(0), self());
        }

        @Override
        public Receive createReceive() {
            return receiveBuilder()
                    .match(Pong.class, p -> ledger.tell(new Ping(p.n() + 1), self()))
                    .build();
        }
    }

    /** Stands for fetching a round's entries from elsewhere, which takes a while. */
    private static void lookUp() {
        try {
            Thread.sleep(20);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    public static void main(String[] args) throws Exception {
        ActorSystem system = ActorSystem.create("ledger", ProgramConfig.config(false));
        ExecutorService pool = Executors.newFixedThreadPool(2);
        AtomicLongArray entries = new AtomicLongArray(ROUNDS * ENTRIES);
        ActorRef ledger = system.actorOf(Props.create(Ledger.class, () -> new Ledger(entries)), "ledger");
        system.actorOf(Props.create(Clerk.class, () -> new Clerk(ledger)), "clerk");
        SourceQueueWithComplete<Integer> rounds = Source.<Integer>queue(ROUNDS, OverflowStrategy.backpressure(), ROUNDS)
                .to(Sink.foreach(round -> pool.execute(() -> {
                    lookUp();
                    for (int k = 0; k < ENTRIES; k++) {
                        entries.set(round * ENTRIES + k, (round + 1L) * (k * 7919L % 104729));
                    }
                    ledger.tell(new Book(round), ActorRef.noSender());
                })))
                .run(system);
        for (int round = 0; round < ROUNDS; round++) {
            rounds.offer(round);
        }
        system.getWhenTerminated().toCompletableFuture().get(1, TimeUnit.MINUTES);
        pool.shutdown();
        System.out.println("ledger done");
    }
}
