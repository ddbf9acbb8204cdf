package dev.reprise.samples;

import akka.actor.AbstractActor;
import akka.actor.ActorRef;
import akka.actor.ActorSystem;
import akka.actor.CoordinatedShutdown;
import akka.actor.Props;
import akka.dispatch.Futures;
import akka.pattern.Patterns;
import com.typesafe.config.ConfigFactory;
import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.TimeUnit;

/**
 * Futures piped to an actor, as classic Akka code in Java writes them: for each of {@value
 * #ROUNDS} rounds a collector starts a Scala {@code Future} on the dispatcher, a {@code
 * CompletableFuture} on a fixed thread pool mapped with {@code thenApply}, and an ask of a worker
 * composed with {@code thenCompose} onto another pool task, and pipes each to itself with {@code
 * Patterns.pipe}; it prints the results in the order they arrive (which differs from run to run:
 * each future sleeps a random while) and a running sum. Its own draws use {@code ThreadLocalRandom}
 * in the futures. {@code main} waits for the last round, then ends through coordinated shutdown,
 * which shuts the pool down as its last task.
 */
public final class PipedFutures {
    static final int ROUNDS = 6;
    /** Results per round: the Scala future's, the pool's, the ask's. */
    static final int PER_ROUND = 3;

    private PipedFutures() {}

    record Result(int round, String from, int value) {}

    /** Answers a number with its double plus a draw. */
    static final class Doubler extends AbstractActor {
        @Override
        public Receive createReceive() {
            return receiveBuilder()
                    .match(Integer.class, n -> getSender().tell(2 * n + draw(5), getSelf()))
                    .build();
        }
    }

    static final class Collector extends AbstractActor {
        private final ExecutorService pool;
        private final ActorRef doubler;
        private final CountDownLatch done;
        private int received;
        private long sum;

        Collector(ExecutorService pool, ActorRef doubler, CountDownLatch done) {
            this.pool = pool;
            this.doubler = doubler;
            this.done = done;
        }

        @Override
        public Receive createReceive() {
            return receiveBuilder()
                    .matchEquals("go", go -> start(++rounds))
                    .match(Result.class, r -> {
                        sum += r.value();
                        System.out.println(
                                "round " + r.round() + " " + r.from() + " = " + r.value() + " (sum " + sum + ")");
                        if (++received == ROUNDS * PER_ROUND) {
                            done.countDown();
                        }
                    })
                    .build();
        }

        private int rounds;

        private void start(int round) {
            var dispatcher = getContext().getDispatcher();
            Patterns.pipe(Futures.future(() -> new Result(round, "scala", slowly(100)), dispatcher), dispatcher)
                    .to(getSelf());
            CompletableFuture<Result> pooled =
                    CompletableFuture.supplyAsync(() -> slowly(200), pool).thenApply(v -> new Result(round, "pool", v));
            Patterns.pipe(pooled, dispatcher).to(getSelf());
            var asked = Patterns.ask(doubler, round, Duration.ofSeconds(10))
                    .thenCompose(d -> CompletableFuture.supplyAsync(() -> (Integer) d + slowly(0), pool))
                    .thenApply(v -> new Result(round, "ask", v));
            Patterns.pipe(asked, dispatcher).to(getSelf());
        }
    }

    public static void main(String[] args) throws Exception {
        ActorSystem system = ActorSystem.create("piped", ConfigFactory.parseString("akka.loglevel = WARNING"));
        ExecutorService pool = Executors.newFixedThreadPool(2);
        CoordinatedShutdown.get(system).addTask(CoordinatedShutdown.PhaseActorSystemTerminate(), "stop-pool", () -> {
            pool.shutdown();
            return CompletableFuture.completedFuture(akka.Done.getInstance());
        });
        CountDownLatch done = new CountDownLatch(1);
        ActorRef doubler = system.actorOf(Props.create(Doubler.class, Doubler::new), "doubler");
        ActorRef collector =
                system.actorOf(Props.create(Collector.class, () -> new Collector(pool, doubler, done)), "collector");
        for (int i = 0; i < ROUNDS; i++) {
            collector.tell("go", ActorRef.noSender());
        }
        if (!done.await(60, TimeUnit.SECONDS)) {
            System.out.println("not every result came");
        }
        CoordinatedShutdown.get(system)
                .runAll(CoordinatedShutdown.unknownReason())
                .toCompletableFuture()
                .get(30, TimeUnit.SECONDS);
    }

    /** A value that takes a random while to compute. */
    static int slowly(int base) {
        try {
            Thread.sleep(draw(6));
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        return base + draw(50);
    }

    static int draw(int bound) {
        return ThreadLocalRandom.current().nextInt(bound);
    }
}
