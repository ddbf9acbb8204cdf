package dev.reprise.savina.bench;

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
 * Savina ForkJoinActorCreation (fjcreate): creates {@code actors} actors and sends each one
 * message; each computes sin²(37.2), replies and stops. Check: every result equals sin²(37.2)
 * computed sequentially.
 */
public final class ForkJoinActorCreation implements SavinaBenchmark<ForkJoinActorCreation.Params, double[]> {

    /** @param actors number of actors created */
    public record Params(int actors) implements Serializable {}

    record Compute(double theta) implements Serializable {}

    record Result(double value) implements Serializable {}

    static final double THETA = 37.2;

    @Override
    public String name() {
        return "ForkJoinActorCreation";
    }

    @Override
    public Params paper() {
        return new Params(40_000);
    }

    @Override
    public Params quick() {
        return new Params(2_000);
    }

    @Override
    public double[] run(ActorSystem system, Params p, Duration timeout) throws InterruptedException {
        return Iteration.await(system, name(), f -> Props.create(Root.class, () -> new Root(p, f)), timeout);
    }

    @Override
    public void verify(Params p, double[] results) {
        Checks.equal(name(), "number of results", p.actors(), results.length);
        double expected = ForkJoinThroughput.performComputation(THETA);
        for (int i = 0; i < results.length; i++) {
            Checks.exactly(name(), "result #" + i, expected, results[i]);
        }
    }

    static final class Root extends RootActor<double[]> {
        private final Params p;
        private final double[] results;
        private int received;

        Root(Params p, CompletableFuture<double[]> completion) {
            super(completion);
            this.p = p;
            this.results = new double[p.actors()];
        }

        @Override
        public void preStart() {
            Compute compute = new Compute(THETA);
            for (int i = 0; i < p.actors(); i++) {
                getContext()
                        .actorOf(Props.create(ForkJoinActor.class, ForkJoinActor::new))
                        .tell(compute, getSelf());
            }
        }

        @Override
        public Receive createReceive() {
            return receiveBuilder()
                    .match(Result.class, m -> {
                        results[received++] = m.value();
                        if (received == p.actors()) {
                            finish(results);
                        }
                    })
                    .build();
        }
    }

    static final class ForkJoinActor extends BenchActor {
        @Override
        public Receive createReceive() {
            return receiveBuilder()
                    .match(Compute.class, m -> {
                        getSender().tell(new Result(ForkJoinThroughput.performComputation(m.theta())), getSelf());
                        getContext().stop(getSelf());
                    })
                    .build();
        }
    }
}
