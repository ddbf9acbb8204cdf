package dev.reprise.savina.bench;

import akka.actor.ActorRef;
import akka.actor.ActorSystem;
import akka.actor.Props;
import dev.reprise.savina.BenchActor;
import dev.reprise.savina.Checks;
import dev.reprise.savina.Iteration;
import dev.reprise.savina.RootActor;
import dev.reprise.savina.SavinaBenchmark;
import dev.reprise.savina.SomRandom;
import java.io.Serializable;
import java.time.Duration;
import java.util.ArrayDeque;
import java.util.concurrent.CompletableFuture;

/**
 * Savina Banking (BankTransaction), Become/ManualStash style without Akka's stash: a teller
 * issues random credit transfers; the source account debits the destination and waits for its
 * reply, queueing further credit requests meanwhile (manual stash), then forwards the reply to
 * the teller. No blocking. Check: {@code round(total transferred)}, SOMns constant 50038643 for
 * 100000 transactions, otherwise a sequential replay of the teller's PRNG draws.
 */
public final class BankTransaction implements SavinaBenchmark<BankTransaction.Params, Double> {

    /** SOMns {@code verifyResult:} for 100000 transactions (1000 accounts). */
    public static final long SOMNS_PAPER_ROUNDED_TOTAL = 50_038_643L;

    /**
     * @param accounts number of account actors
     * @param transactions number of transfers
     */
    public record Params(int accounts, int transactions) implements Serializable {}

    record Credit(double amount, ActorRef destination, ActorRef replyTo) implements Serializable {}

    record Debit(double amount) implements Serializable {}

    record Reply(double amount) implements Serializable {}

    /** One generated transfer (used by the teller and by the sequential reference). */
    record Transfer(int source, int destination, double amount) implements Serializable {}

    @Override
    public String name() {
        return "BankTransaction";
    }

    @Override
    public Params paper() {
        return new Params(1_000, 100_000);
    }

    @Override
    public Params quick() {
        return new Params(1_000, 10_000);
    }

    @Override
    public Double run(ActorSystem system, Params p, Duration timeout) throws InterruptedException {
        return Iteration.await(system, name(), f -> Props.create(Teller.class, () -> new Teller(p, f)), timeout);
    }

    @Override
    public void verify(Params p, Double total) {
        long expected = p.equals(paper()) ? SOMNS_PAPER_ROUNDED_TOTAL : Math.round(referenceTotal(p));
        Checks.equal(name(), "round(total transferred)", expected, Math.round(total));
    }

    /** The SOMns {@code generateWork} draws: source, offset, amount. */
    static Transfer nextTransfer(SomRandom random, int numAccounts) {
        int source = (int) random.next(numAccounts / 10 * 8);
        int loopId = (int) random.next(numAccounts - source);
        if (loopId == 0) {
            loopId++;
        }
        double amount = Math.abs(random.nextDouble()) * 1000;
        return new Transfer(source, source + loopId, amount);
    }

    /** Sequential reference: the sum of all generated amounts. */
    public static double referenceTotal(Params p) {
        SomRandom random = new SomRandom();
        double total = 0.0;
        for (int i = 0; i < p.transactions(); i++) {
            total += nextTransfer(random, p.accounts()).amount();
        }
        return total;
    }

    static final class Teller extends RootActor<Double> {
        private final Params p;
        private final SomRandom random = new SomRandom();
        private int completed;
        private double transferred;

        Teller(Params p, CompletableFuture<Double> completion) {
            super(completion);
            this.p = p;
        }

        @Override
        public void preStart() {
            ActorRef[] accounts = new ActorRef[p.accounts()];
            for (int i = 0; i < accounts.length; i++) {
                accounts[i] = getContext().actorOf(Props.create(Account.class, Account::new));
            }
            for (int i = 0; i < p.transactions(); i++) {
                Transfer t = nextTransfer(random, p.accounts());
                accounts[t.source()].tell(new Credit(t.amount(), accounts[t.destination()], getSelf()), getSelf());
            }
        }

        @Override
        public Receive createReceive() {
            return receiveBuilder()
                    .match(Reply.class, m -> {
                        transferred += m.amount();
                        completed++;
                        if (completed == p.transactions()) {
                            finish(transferred);
                        }
                    })
                    .build();
        }
    }

    /** Two behaviours, idle and waiting for a debit reply, with a manual stash of credits. */
    static final class Account extends BenchActor {
        private final ArrayDeque<Credit> stashedCredits = new ArrayDeque<>();
        private double balance;
        private ActorRef lastSender;
        private Receive idle;
        private Receive waitingForReply;

        @Override
        public Receive createReceive() {
            idle = buildIdle();
            waitingForReply = buildWaitingForReply();
            return idle;
        }

        private Receive buildIdle() {
            return receiveBuilder()
                    .match(Debit.class, this::debit)
                    .match(Credit.class, m -> {
                        processCredit(m);
                        getContext().become(waitingForReply);
                    })
                    .build();
        }

        private Receive buildWaitingForReply() {
            return receiveBuilder()
                    .match(Debit.class, this::debit)
                    .match(Credit.class, stashedCredits::addLast)
                    .match(Reply.class, m -> {
                        lastSender.tell(m, getSelf());
                        if (stashedCredits.isEmpty()) {
                            getContext().become(idle);
                        } else {
                            processCredit(stashedCredits.removeFirst());
                        }
                    })
                    .build();
        }

        private void debit(Debit m) {
            balance += m.amount();
            getSender().tell(new Reply(m.amount()), getSelf());
        }

        private void processCredit(Credit m) {
            balance -= m.amount();
            m.destination().tell(new Debit(m.amount()), getSelf());
            lastSender = m.replyTo();
        }
    }
}
