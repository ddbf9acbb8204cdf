package dev.reprise.programs;

import akka.actor.AbstractActor;
import akka.actor.ActorRef;
import akka.actor.ActorSystem;
import akka.actor.Props;
import dev.reprise.libs.LibraryLike;
import java.security.SecureRandom;
import java.time.Clock;
import java.time.Instant;
import java.time.LocalDateTime;
import java.util.ArrayList;
import java.util.Calendar;
import java.util.Collections;
import java.util.Date;
import java.util.List;
import java.util.Random;
import java.util.SplittableRandom;
import java.util.UUID;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.TimeUnit;
import java.util.random.RandomGenerator;

/**
 * Randomness and time everywhere, racing: four workers, told to go by two outside threads at
 * once, each draw from every kind of generator and clock (in the JDK's own code too:
 * {@code Collections.shuffle}, {@code UUID.randomUUID}, {@code LocalDateTime.now}, and in a
 * library outside the recording's scope), busy for a random while first, and report to a
 * collector, which prints the reports in the order it got them. Every line differs from run to
 * run; a replay prints the recording's lines, in its order.
 */
public final class RandomnessProgram {
    static final int WORKERS = 4;
    static final int ROUNDS = 4;
    static final CompletableFuture<Void> done = new CompletableFuture<>();

    static final class Collector extends AbstractActor {
        int received;

        @Override
        public Receive createReceive() {
            return receiveBuilder()
                    .match(String.class, line -> {
                        System.out.println(line);
                        if (++received == WORKERS * ROUNDS) {
                            done.complete(null);
                        }
                    })
                    .build();
        }
    }

    static final class Worker extends AbstractActor {
        final ActorRef collector;
        final int id;
        int round;

        Worker(ActorRef collector, int id) {
            this.collector = collector;
            this.id = id;
        }

        @Override
        public Receive createReceive() {
            return receiveBuilder()
                    .matchEquals("go", m -> {
                        long spin = ThreadLocalRandom.current().nextLong(200_000); // perturbs the schedule
                        long sink = 0;
                        for (long i = 0; i < spin; i++) {
                            sink += i ^ (sink << 1);
                        }
                        List<Integer> shuffled = numbers();
                        Collections.shuffle(shuffled);
                        List<Integer> shuffledWith = numbers();
                        Collections.shuffle(shuffledWith, new Random());
                        String line = "worker " + id + " round " + round++ + (sink == 42 ? "!" : "")
                                + " | shuffle " + shuffled
                                + " | shuffle(random) " + shuffledWith
                                + " | uuid " + UUID.randomUUID()
                                + " | tlr " + ThreadLocalRandom.current().nextInt(1_000_000)
                                + " | secure " + new SecureRandom().nextInt()
                                + " | instant " + Instant.now()
                                + " | local " + LocalDateTime.now()
                                + " | library " + LibraryLike.roll()
                                + " | math " + Math.random()
                                + " | splittable " + new SplittableRandom().nextInt(1000)
                                + " | generator " + RandomGenerator.getDefault().nextInt(1000)
                                + " | date " + new Date().getTime()
                                + " | calendar " + Calendar.getInstance().getTimeInMillis()
                                + " | clock " + Clock.systemUTC().millis()
                                + " | millis " + System.currentTimeMillis();
                        collector.tell(line, getSelf());
                    })
                    .build();
        }

        private static List<Integer> numbers() {
            List<Integer> l = new ArrayList<>();
            for (int i = 1; i <= 8; i++) {
                l.add(i);
            }
            return l;
        }
    }

    public static void main(String[] args) throws Exception {
        ActorSystem system = ActorSystem.create("randomness", ProgramConfig.config(false));
        ActorRef collector = system.actorOf(Props.create(Collector.class, Collector::new), "collector");
        List<ActorRef> workers = new ArrayList<>();
        for (int i = 0; i < WORKERS; i++) {
            int id = i;
            workers.add(system.actorOf(Props.create(Worker.class, () -> new Worker(collector, id)), "worker-" + i));
        }
        List<Thread> feeders = new ArrayList<>();
        for (String name : List.of("feeder-a", "feeder-b")) {
            Thread t = new Thread(
                    () -> {
                        for (int r = 0; r < ROUNDS / 2; r++) {
                            for (ActorRef w : workers) {
                                w.tell("go", ActorRef.noSender());
                            }
                        }
                    },
                    name);
            feeders.add(t);
        }
        feeders.forEach(Thread::start);
        for (Thread t : feeders) {
            t.join();
        }
        done.get(60, TimeUnit.SECONDS);
        system.terminate();
        system.getWhenTerminated().toCompletableFuture().get(30, TimeUnit.SECONDS);
    }
}
