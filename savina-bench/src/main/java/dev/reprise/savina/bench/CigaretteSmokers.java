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
import java.util.concurrent.CompletableFuture;

/**
 * Savina CigaretteSmokers (cigsmok): an arbiter repeatedly picks a random smoker, which
 * acknowledges and then busy-waits. The arbiter draws exactly two PRNG values per round, so its
 * final PRNG value is deterministic. Check: the arbiter's final PRNG value, SOMns constant
 * 53968 for 10000:200, otherwise a sequential replay of the arbiter's draws; also the number of
 * rounds smoked.
 */
public final class CigaretteSmokers implements SavinaBenchmark<CigaretteSmokers.Params, CigaretteSmokers.Result> {

    /** SOMns {@code verifyResult:} for 10000:200. */
    public static final long SOMNS_PAPER_PRNG_STATE = 53_968;

    /**
     * @param rounds number of smoking rounds
     * @param smokers number of smokers
     */
    public record Params(int rounds, int smokers) implements Serializable {}

    /**
     * @param prngState the arbiter's final PRNG value
     * @param roundsSmoked started-smoking acknowledgements received
     */
    public record Result(long prngState, long roundsSmoked) implements Serializable {}

    record StartSmoking(long busyWaitPeriod) implements Serializable {}

    record StartedSmoking() implements Serializable {}

    record Exit() implements Serializable {}

    record Exited() implements Serializable {}

    @Override
    public String name() {
        return "CigaretteSmokers";
    }

    @Override
    public Params paper() {
        return new Params(10_000, 200);
    }

    @Override
    public Params quick() {
        return new Params(1_000, 50);
    }

    @Override
    public Result run(ActorSystem system, Params p, Duration timeout) throws InterruptedException {
        return Iteration.await(system, name(), f -> Props.create(Arbiter.class, () -> new Arbiter(p, f)), timeout);
    }

    @Override
    public void verify(Params p, Result r) {
        long expected = p.equals(paper()) ? SOMNS_PAPER_PRNG_STATE : referencePrngState(p);
        Checks.equal(name(), "arbiter's final PRNG value", expected, r.prngState());
        Checks.equal(name(), "rounds smoked", p.rounds(), r.roundsSmoked());
    }

    /** Sequential reference: two draws per round, then the final draw. */
    public static long referencePrngState(Params p) {
        SomRandom random = new SomRandom();
        for (int i = 0; i < p.rounds(); i++) {
            random.next();
            random.next(1000);
        }
        return random.next();
    }

    /** The arbiter is the root: it creates the smokers and starts the first round. */
    static final class Arbiter extends RootActor<Result> {
        private final Params p;
        private final ActorRef[] smokers;
        private final SomRandom random = new SomRandom();
        private int roundsSoFar;
        private int smokersLeft;

        Arbiter(Params p, CompletableFuture<Result> completion) {
            super(completion);
            this.p = p;
            this.smokers = new ActorRef[p.smokers()];
            this.smokersLeft = p.smokers();
        }

        @Override
        public void preStart() {
            ActorRef arbiter = getSelf();
            for (int i = 0; i < smokers.length; i++) {
                smokers[i] = getContext().actorOf(Props.create(Smoker.class, () -> new Smoker(arbiter)));
            }
            notifyRandomSmoker();
        }

        private void notifyRandomSmoker() {
            int index = (int) (random.next() % p.smokers());
            long busyWaitPeriod = 10 + random.next(1000);
            smokers[index].tell(new StartSmoking(busyWaitPeriod), getSelf());
        }

        @Override
        public Receive createReceive() {
            return receiveBuilder()
                    .match(StartedSmoking.class, m -> {
                        roundsSoFar++;
                        if (roundsSoFar >= p.rounds()) {
                            for (ActorRef s : smokers) {
                                s.tell(new Exit(), getSelf());
                            }
                        } else {
                            notifyRandomSmoker();
                        }
                    })
                    .match(Exited.class, m -> {
                        smokersLeft--;
                        if (smokersLeft == 0) {
                            finish(new Result(random.next(), roundsSoFar));
                        }
                    })
                    .build();
        }
    }

    static final class Smoker extends BenchActor {
        private final ActorRef arbiter;
        private final SomRandom random = new SomRandom();

        Smoker(ActorRef arbiter) {
            this.arbiter = arbiter;
        }

        @Override
        public Receive createReceive() {
            return receiveBuilder()
                    .match(StartSmoking.class, m -> {
                        arbiter.tell(new StartedSmoking(), getSelf());
                        random.busyWait(m.busyWaitPeriod());
                    })
                    .match(Exit.class, m -> arbiter.tell(new Exited(), getSelf()))
                    .build();
        }
    }
}
