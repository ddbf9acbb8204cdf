package dev.reprise.programs;

import akka.actor.AbstractActor;
import akka.actor.ActorRef;
import akka.actor.ActorSystem;
import akka.actor.Props;
import akka.pattern.Patterns;
import akka.util.Timeout;
import java.time.Duration;
import java.util.Map;
import java.util.concurrent.ConcurrentSkipListMap;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.TimeUnit;
import scala.concurrent.Future;
import scala.runtime.BoxedUnit;

/**
 * Callbacks registered on an ask's Scala future after its answer came, by tasks of a JDK pool whose
 * size is the system property {@code pool} (2 by default): per round, one task asks a ledger for
 * its balance, waits a while and only then registers its callback; another, submitted before it,
 * deposits (by an ask too). Which deposits the ledger takes before each ask is chance, and so is the balance each
 * ask is told. Replayed with a pool of one thread, an asking task runs alone: the ledger holds its
 * ask until the deposits the recording took first have come, the next round's among them, from a
 * task queued behind it. The program
 * ends with {@code System.exit}, its system still running.
 */
public final class LateCallbacksProgram {
    private LateCallbacksProgram() {}

    public static final int ROUNDS = 4;

    /** Takes deposits; answers an ask for the balance with it. */
    static final class Ledger extends AbstractActor {
        private int balance;

        @Override
        public Receive createReceive() {
            return receiveBuilder()
                    .match(Integer.class, amount -> {
                        balance += amount;
                        getSender().tell("deposited", getSelf());
                    })
                    .matchEquals("balance", m -> getSender().tell(balance, getSelf()))
                    .build();
        }
    }

    public static void main(String[] args) throws Exception {
        ActorSystem system = ActorSystem.create("late");
        ActorRef ledger = system.actorOf(Props.create(Ledger.class, Ledger::new), "ledger");
        ExecutorService tasks = Executors.newFixedThreadPool(Integer.getInteger("pool", 2));
        Map<Integer, Object> told = new ConcurrentSkipListMap<>();
        CountDownLatch answered = new CountDownLatch(ROUNDS);
        for (int r = 0; r < ROUNDS; r++) {
            int round = r;
            tasks.execute(() -> {
                pause(1 + ThreadLocalRandom.current().nextInt(3));
                // Asked, not told: a message whose sender is a temp actor comes live in replay, never from the trace.
                Patterns.ask(ledger, (round + 1) * 100, Timeout.create(Duration.ofSeconds(10)));
            });
            tasks.execute(() -> {
                pause(10 + ThreadLocalRandom.current().nextInt(15)); // the next round's deposit comes first, as a rule
                Future<Object> balance = Patterns.ask(ledger, "balance", Timeout.create(Duration.ofSeconds(10)));
                pause(40 + ThreadLocalRandom.current().nextInt(20)); // the answer is here by now, as a rule
                balance.onComplete(
                        result -> {
                            told.put(round, result.get());
                            answered.countDown();
                            return BoxedUnit.UNIT;
                        },
                        system.dispatcher());
            });
        }
        if (!answered.await(30, TimeUnit.SECONDS)) {
            System.out.println("answers missing: " + told);
            System.exit(1);
        }
        told.forEach((round, balance) -> System.out.println("round " + round + " was told " + balance));
        System.exit(0);
    }

    /** A pause of {@code ms} ms. */
    private static void pause(int ms) {
        try {
            Thread.sleep(ms);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
