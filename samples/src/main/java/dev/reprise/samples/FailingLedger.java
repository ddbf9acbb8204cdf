package dev.reprise.samples;

import akka.actor.typed.ActorRef;
import akka.actor.typed.ActorSystem;
import akka.actor.typed.Behavior;
import akka.actor.typed.ChildFailed;
import akka.actor.typed.javadsl.Behaviors;
import com.typesafe.config.ConfigFactory;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.TimeUnit;

/**
 * A run that ends in an actor's error, written with Akka Typed's Java DSL: three workers race to
 * add random amounts to a ledger, which prints each addition and fails when the balance passes a
 * limit, so which worker's addition fails it, and the lines before, differ from run to run. The
 * guardian watches the ledger; told of its failure, it prints the cause and fails too, which ends
 * the actor system. {@code main} then exits with status 3, as a service whose core fails does; with
 * the argument {@code throw} it throws instead (exit status 1).
 */
public final class FailingLedger {
    static final int WORKERS = 3;
    static final int ADDS = 20;
    static final int LIMIT = 400;

    private FailingLedger() {}

    record Add(String worker, int amount) {}

    static Behavior<Add> ledger(int balance) {
        return Behaviors.receive(Add.class)
                .onMessage(Add.class, add -> {
                    int now = balance + add.amount();
                    System.out.println(add.worker() + " adds " + add.amount() + ": " + now);
                    if (now > LIMIT) {
                        throw new IllegalStateException(add.worker() + " took the balance past " + LIMIT);
                    }
                    return ledger(now);
                })
                .build();
    }

    static Behavior<Void> worker(String name, ActorRef<Add> ledger) {
        return Behaviors.setup(context -> {
            for (int i = 0; i < ADDS; i++) {
                Thread.sleep(ThreadLocalRandom.current().nextInt(3));
                ledger.tell(new Add(name, 1 + ThreadLocalRandom.current().nextInt(20)));
            }
            return Behaviors.empty();
        });
    }

    static Behavior<Void> guardian() {
        return Behaviors.setup(context -> {
            ActorRef<Add> ledger = context.spawn(ledger(0), "ledger");
            context.watch(ledger);
            for (int w = 0; w < WORKERS; w++) {
                context.spawn(worker("worker" + w, ledger), "worker" + w);
            }
            return Behaviors.receive(Void.class)
                    .onSignal(ChildFailed.class, failed -> {
                        System.out.println(
                                "the ledger failed: " + failed.getCause().getMessage());
                        throw new IllegalStateException("the ledger is gone", failed.getCause());
                    })
                    .build();
        });
    }

    public static void main(String[] args) throws Exception {
        // Akka's logger is an actor of its own, whose lines (the failure's, dead letters') would interleave with
        // the program's at random: the program says what failed itself.
        ActorSystem<Void> system = ActorSystem.create(
                guardian(),
                "failing-ledger",
                ConfigFactory.parseString("akka.loglevel = OFF\nakka.log-dead-letters = off")
                        .withFallback(ConfigFactory.load()));
        system.getWhenTerminated().toCompletableFuture().get(60, TimeUnit.SECONDS);
        System.out.println("the system is down");
        if (args.length > 0 && args[0].equals("throw")) {
            throw new IllegalStateException("the ledger failed"); // main ends with it: exit status 1
        }
        System.exit(3);
    }
}
