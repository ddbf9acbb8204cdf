package dev.reprise.savina.bench;

import akka.actor.ActorRef;
import akka.actor.ActorSystem;
import akka.actor.Props;
import dev.reprise.savina.BenchActor;
import dev.reprise.savina.CheckFailedException;
import dev.reprise.savina.Checks;
import dev.reprise.savina.Iteration;
import dev.reprise.savina.RootActor;
import dev.reprise.savina.SavinaBenchmark;
import dev.reprise.savina.SomRandom;
import java.io.Serializable;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;

/**
 * Savina Big (BigContention): each of {@code workers} actors sends {@code pingsPerWorker} pings
 * to random neighbours (PRNG seeded with its id) and waits for each pong. A pong from an
 * unexpected neighbour fails the iteration. Check: number of exits = workers.
 */
public final class BigContention implements SavinaBenchmark<BigContention.Params, Integer> {

    /**
     * @param workers number of big actors
     * @param pingsPerWorker pings each actor sends
     */
    public record Params(int workers, int pingsPerWorker) implements Serializable {}

    record Neighbors(List<ActorRef> actors) implements Serializable {}

    record Ping(int senderId) implements Serializable {}

    record Pong(int senderId) implements Serializable {}

    record Exit() implements Serializable {}

    @Override
    public String name() {
        return "BigContention";
    }

    @Override
    public Params paper() {
        return new Params(120, 2_000); // SOMns "2000:120", in Savina's meaning (see README)
    }

    @Override
    public Params quick() {
        return new Params(20, 500);
    }

    @Override
    public Integer run(ActorSystem system, Params p, Duration timeout) throws InterruptedException {
        return Iteration.await(system, name(), f -> Props.create(Sink.class, () -> new Sink(p, f)), timeout);
    }

    @Override
    public void verify(Params p, Integer exits) {
        Checks.equal(name(), "number of exits", p.workers(), exits.longValue());
    }

    /** The sink is the root: it creates the workers, wires them and starts them. */
    static final class Sink extends RootActor<Integer> {
        private final Params p;
        private int exits;

        Sink(Params p, CompletableFuture<Integer> completion) {
            super(completion);
            this.p = p;
        }

        @Override
        public void preStart() {
            ActorRef sink = getSelf();
            List<ActorRef> workers = new ArrayList<>(p.workers());
            for (int i = 1; i <= p.workers(); i++) {
                int id = i;
                workers.add(getContext()
                        .actorOf(Props.create(BigActor.class, () -> new BigActor(id, p.pingsPerWorker(), sink))));
            }
            Neighbors neighbors = new Neighbors(List.copyOf(workers));
            for (ActorRef w : workers) {
                w.tell(neighbors, getSelf());
            }
            for (ActorRef w : workers) {
                w.tell(new Pong(-1), getSelf());
            }
        }

        @Override
        public Receive createReceive() {
            return receiveBuilder()
                    .match(Exit.class, m -> {
                        exits++;
                        if (exits == p.workers()) {
                            finish(exits);
                        }
                    })
                    .build();
        }
    }

    static final class BigActor extends BenchActor {
        private final int id;
        private final int numMessages;
        private final ActorRef sink;
        private final SomRandom random;
        private List<ActorRef> neighbors = List.of();
        private int numPings;
        private int expPinger = -1;

        BigActor(int id, int numMessages, ActorRef sink) {
            this.id = id;
            this.numMessages = numMessages;
            this.sink = sink;
            this.random = new SomRandom(id);
        }

        @Override
        public Receive createReceive() {
            return receiveBuilder()
                    .match(Neighbors.class, m -> neighbors = m.actors())
                    .match(Ping.class, m -> neighbors.get(m.senderId() - 1).tell(new Pong(id), getSelf()))
                    .match(Pong.class, m -> {
                        if (m.senderId() != expPinger) {
                            throw new CheckFailedException(
                                    "BigContention",
                                    "pong at actor " + id,
                                    "from " + expPinger,
                                    "from " + m.senderId());
                        }
                        if (numPings == numMessages) {
                            sink.tell(new Exit(), getSelf());
                        } else {
                            sendPing();
                            numPings++;
                        }
                    })
                    .build();
        }

        private void sendPing() {
            int target = (int) random.next(neighbors.size()) + 1;
            expPinger = target;
            neighbors.get(target - 1).tell(new Ping(id), getSelf());
        }
    }
}
