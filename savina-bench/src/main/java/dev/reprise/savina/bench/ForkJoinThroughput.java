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
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;

/**
 * Savina ForkJoinThroughput (fjthrput): {@code actors} actors each receive
 * {@code messagesPerActor} messages; each message does a sin² computation. Check: every actor
 * processed exactly {@code messagesPerActor} messages.
 */
public final class ForkJoinThroughput implements SavinaBenchmark<ForkJoinThroughput.Params, List<Integer>> {

    /**
     * @param actors number of throughput actors (Savina's A)
     * @param messagesPerActor messages sent to each actor (Savina's N)
     */
    public record Params(int actors, int messagesPerActor) implements Serializable {}

    record Process() implements Serializable {}

    record Processed(int count) implements Serializable {}

    @Override
    public String name() {
        return "ForkJoinThroughput";
    }

    @Override
    public Params paper() {
        return new Params(60, 3_000); // SOMns "3000:60", in Savina's meaning (see README)
    }

    @Override
    public Params quick() {
        return new Params(20, 500);
    }

    @Override
    public List<Integer> run(ActorSystem system, Params p, Duration timeout) throws InterruptedException {
        return Iteration.await(system, name(), f -> Props.create(Root.class, () -> new Root(p, f)), timeout);
    }

    @Override
    public void verify(Params p, List<Integer> processed) {
        Checks.equal(name(), "number of actors that reported", p.actors(), processed.size());
        for (int i = 0; i < processed.size(); i++) {
            Checks.equal(
                    name(),
                    "messages processed by actor #" + i,
                    p.messagesPerActor(),
                    processed.get(i).longValue());
        }
    }

    /** sin²(theta); fails on an unrealistic value (defeats dead code elimination). */
    static double performComputation(double theta) {
        double sint = Math.sin(theta);
        double res = sint * sint;
        if (res <= 0.0) {
            throw new IllegalStateException("Benchmark calculated unrealistic res value " + res);
        }
        return res;
    }

    static final class Root extends RootActor<List<Integer>> {
        private final Params p;
        private final List<Integer> processed = new ArrayList<>();

        Root(Params p, CompletableFuture<List<Integer>> completion) {
            super(completion);
            this.p = p;
        }

        @Override
        public void preStart() {
            ActorRef[] actors = new ActorRef[p.actors()];
            for (int i = 0; i < actors.length; i++) {
                actors[i] = getContext()
                        .actorOf(Props.create(ThroughputActor.class, () -> new ThroughputActor(p.messagesPerActor())));
            }
            Process process = new Process();
            for (int m = 0; m < p.messagesPerActor(); m++) {
                for (ActorRef a : actors) {
                    a.tell(process, getSelf());
                }
            }
        }

        @Override
        public Receive createReceive() {
            return receiveBuilder()
                    .match(Processed.class, m -> {
                        processed.add(m.count());
                        if (processed.size() == p.actors()) {
                            finish(List.copyOf(processed));
                        }
                    })
                    .build();
        }
    }

    static final class ThroughputActor extends BenchActor {
        private final int messagesExpected;
        private int messagesProcessed;

        ThroughputActor(int messagesExpected) {
            this.messagesExpected = messagesExpected;
        }

        @Override
        public Receive createReceive() {
            return receiveBuilder()
                    .match(Process.class, m -> {
                        messagesProcessed++;
                        performComputation(37.2);
                        if (messagesProcessed == messagesExpected) {
                            getSender().tell(new Processed(messagesProcessed), getSelf());
                        }
                    })
                    .build();
        }
    }
}
