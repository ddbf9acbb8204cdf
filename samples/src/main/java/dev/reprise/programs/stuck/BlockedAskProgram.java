package dev.reprise.programs.stuck;

import akka.actor.AbstractActor;
import akka.actor.ActorRef;
import akka.actor.ActorSystem;
import akka.actor.Props;
import akka.pattern.Patterns;
import java.time.Duration;

/**
 * An actor that blocks in its turn on an ask. {@code via-checker}: the asker first asks the
 * checker (which tells the bank "checked" before it answers), then asks the bank for the balance.
 * {@code direct}: it asks the bank at once; in a replay of a {@code via-checker} recording the bank
 * waits for the checker's message, holding the question, and the asker stays blocked in
 * {@code toCompletableFuture().get()} (the ask times out only after {@value #ASK_SECONDS} s).
 */
public final class BlockedAskProgram {
    static final int ASK_SECONDS = 300;

    private BlockedAskProgram() {}

    public static void main(String[] args) {
        boolean viaChecker = args[0].equals("via-checker");
        ActorSystem system = ActorSystem.create("blocked");
        ActorRef bank = system.actorOf(Props.create(Bank.class, Bank::new), "bank");
        ActorRef checker = system.actorOf(Props.create(Checker.class, () -> new Checker(bank)), "checker");
        ActorRef asker = system.actorOf(Props.create(Asker.class, () -> new Asker(bank, checker, viaChecker)), "asker");
        asker.tell("go", ActorRef.noSender());
    }

    static final class Asker extends AbstractActor {
        private final ActorRef bank;
        private final ActorRef checker;
        private final boolean viaChecker;

        Asker(ActorRef bank, ActorRef checker, boolean viaChecker) {
            this.bank = bank;
            this.checker = checker;
            this.viaChecker = viaChecker;
        }

        @Override
        public Receive createReceive() {
            return receiveBuilder()
                    .matchEquals("go", m -> {
                        if (viaChecker) {
                            ask(checker, "check");
                        }
                        System.out.println("balance " + ask(bank, "balance"));
                        getContext().getSystem().terminate();
                    })
                    .build();
        }

        private static Object ask(ActorRef to, Object question) throws Exception {
            return Patterns.ask(to, question, Duration.ofSeconds(ASK_SECONDS))
                    .toCompletableFuture()
                    .get();
        }
    }

    static final class Checker extends AbstractActor {
        private final ActorRef bank;

        Checker(ActorRef bank) {
            this.bank = bank;
        }

        @Override
        public Receive createReceive() {
            return receiveBuilder()
                    .matchEquals("check", m -> {
                        bank.tell("checked", self());
                        sender().tell("ok", self());
                    })
                    .build();
        }
    }

    static final class Bank extends AbstractActor {
        @Override
        public Receive createReceive() {
            return receiveBuilder()
                    .matchEquals("checked", m -> {})
                    .matchEquals("balance", m -> sender().tell(42, self()))
                    .build();
        }
    }
}
