package dev.reprise.savina.bench;

import akka.actor.ActorRef;
import akka.actor.ActorSystem;
import akka.actor.Props;
import dev.reprise.savina.BenchActor;
import dev.reprise.savina.Checks;
import dev.reprise.savina.Iteration;
import dev.reprise.savina.RootActor;
import dev.reprise.savina.SavinaBenchmark;
import java.io.Serializable;
import java.time.Duration;
import java.util.concurrent.CompletableFuture;

/**
 * Savina LogisticMapSeries (logmap), Become/ManualStash style without Akka's stash: each series
 * worker asks its rate computer for the next term (request/reply) and, while a reply is
 * outstanding, counts further {@code NextTerm} requests and remembers a {@code GetTerm} instead
 * of blocking. Check: {@code round(sum of final terms * 1e6)}, SOMns constant 6387835 for
 * 25000 terms, 10 series, rate 3.46, otherwise a sequential computation of the same series.
 */
public final class LogisticMapSeries implements SavinaBenchmark<LogisticMapSeries.Params, Double> {

    /** SOMns {@code verifyResult:} for 10 series at start rate 3.46. */
    public static final long SOMNS_PAPER_ROUNDED_SUM = 6_387_835;

    static final double INCREMENT = 0.0025;

    /**
     * @param terms terms computed per series
     * @param series number of series (worker and rate-computer pairs)
     * @param startRate rate of the first series (SOMns passes it ×100: 346 = 3.46)
     */
    public record Params(int terms, int series, double startRate) implements Serializable {}

    record NextTerm() implements Serializable {}

    record GetTerm() implements Serializable {}

    record Compute(double term) implements Serializable {}

    record ComputedTerm(double term) implements Serializable {}

    record FinalTerm(double term) implements Serializable {}

    @Override
    public String name() {
        return "LogisticMapSeries";
    }

    @Override
    public Params paper() {
        return new Params(25_000, 10, 346 / 100.0);
    }

    @Override
    public Params quick() {
        return new Params(2_000, 10, 346 / 100.0);
    }

    @Override
    public Double run(ActorSystem system, Params p, Duration timeout) throws InterruptedException {
        return Iteration.await(system, name(), f -> Props.create(Master.class, () -> new Master(p, f)), timeout);
    }

    @Override
    public void verify(Params p, Double sum) {
        long expected = p.equals(paper()) ? SOMNS_PAPER_ROUNDED_SUM : Checks.rounded(referenceSum(p), 1e6);
        Checks.equal(name(), "round(sum of final terms * 1e6)", expected, Checks.rounded(sum, 1e6));
    }

    /** Sequential reference: iterates every series {@code terms} times and sums the last terms. */
    public static double referenceSum(Params p) {
        double sum = 0.0;
        for (int i = 0; i < p.series(); i++) {
            double rate = p.startRate() + i * INCREMENT;
            double term = i * INCREMENT;
            for (int t = 0; t < p.terms(); t++) {
                term = rate * term * (1 - term);
            }
            sum += term;
        }
        return sum;
    }

    static final class Master extends RootActor<Double> {
        private final Params p;
        private final ActorRef[] workers;
        private int requested;
        private int received;
        private double termsSum;

        Master(Params p, CompletableFuture<Double> completion) {
            super(completion);
            this.p = p;
            this.workers = new ActorRef[p.series()];
        }

        @Override
        public void preStart() {
            ActorRef master = getSelf();
            for (int i = 0; i < p.series(); i++) {
                double rate = p.startRate() + i * INCREMENT;
                double startTerm = i * INCREMENT;
                ActorRef computer =
                        getContext().actorOf(Props.create(RateComputer.class, () -> new RateComputer(rate)));
                workers[i] = getContext()
                        .actorOf(Props.create(SeriesWorker.class, () -> new SeriesWorker(master, computer, startTerm)));
            }
            NextTerm next = new NextTerm();
            for (int t = 0; t < p.terms(); t++) {
                for (ActorRef w : workers) {
                    w.tell(next, getSelf());
                }
            }
            for (ActorRef w : workers) {
                w.tell(new GetTerm(), getSelf());
                requested++;
            }
        }

        @Override
        public Receive createReceive() {
            return receiveBuilder()
                    .match(FinalTerm.class, m -> {
                        termsSum += m.term();
                        received++;
                        if (received == requested) {
                            finish(termsSum);
                        }
                    })
                    .build();
        }
    }

    /** Two behaviours: idle, and waiting for the rate computer's reply. */
    static final class SeriesWorker extends BenchActor {
        private final ActorRef master;
        private final ActorRef computer;
        private double curTerm;
        private int pendingNextTerms;
        private boolean getTermPending;
        private Receive idle;
        private Receive waitingForReply;

        SeriesWorker(ActorRef master, ActorRef computer, double startTerm) {
            this.master = master;
            this.computer = computer;
            this.curTerm = startTerm;
        }

        @Override
        public Receive createReceive() {
            idle = buildIdle();
            waitingForReply = buildWaitingForReply();
            return idle;
        }

        private Receive buildIdle() {
            return receiveBuilder()
                    .match(NextTerm.class, m -> {
                        computer.tell(new Compute(curTerm), getSelf());
                        getContext().become(waitingForReply);
                    })
                    .match(GetTerm.class, m -> master.tell(new FinalTerm(curTerm), getSelf()))
                    .build();
        }

        private Receive buildWaitingForReply() {
            return receiveBuilder()
                    .match(NextTerm.class, m -> pendingNextTerms++)
                    .match(GetTerm.class, m -> getTermPending = true)
                    .match(ComputedTerm.class, m -> {
                        if (pendingNextTerms > 0) {
                            pendingNextTerms--;
                            computer.tell(new Compute(m.term()), getSelf());
                        } else {
                            curTerm = m.term();
                            getContext().become(idle);
                            if (getTermPending) {
                                getTermPending = false;
                                master.tell(new FinalTerm(curTerm), getSelf());
                            }
                        }
                    })
                    .build();
        }
    }

    static final class RateComputer extends BenchActor {
        private final double rate;

        RateComputer(double rate) {
            this.rate = rate;
        }

        @Override
        public Receive createReceive() {
            return receiveBuilder()
                    .match(
                            Compute.class,
                            m -> getSender().tell(new ComputedTerm(rate * m.term() * (1 - m.term())), getSelf()))
                    .build();
        }
    }
}
