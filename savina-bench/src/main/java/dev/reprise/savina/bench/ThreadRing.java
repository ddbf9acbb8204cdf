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
 * Savina ThreadRing: a token with a hop count travels around a ring of actors; at zero an exit
 * token travels once more around the ring. The result is the id (1-based) of the actor where
 * the exit token ends. Check: {@code (pings % actors) + 1} (SOMns: 1 for 100:100000).
 */
public final class ThreadRing implements SavinaBenchmark<ThreadRing.Params, Integer> {

    /**
     * @param actors ring size
     * @param pings number of hops of the token
     */
    public record Params(int actors, int pings) implements Serializable {}

    record NextActor(ActorRef next) implements Serializable {}

    record Ping(int hopsLeft) implements Serializable {}

    record Exit(int hopsLeft) implements Serializable {}

    record Done(int id) implements Serializable {}

    @Override
    public String name() {
        return "ThreadRing";
    }

    @Override
    public Params paper() {
        return new Params(100, 100_000);
    }

    @Override
    public Params quick() {
        return new Params(50, 10_007);
    }

    @Override
    public Integer run(ActorSystem system, Params p, Duration timeout) throws InterruptedException {
        return Iteration.await(system, name(), f -> Props.create(Root.class, () -> new Root(p, f)), timeout);
    }

    @Override
    public void verify(Params p, Integer id) {
        long expected = p.equals(paper()) ? 1 : (p.pings() % p.actors()) + 1;
        Checks.equal(name(), "id of the last actor", expected, id.longValue());
    }

    static final class Root extends RootActor<Integer> {
        private final Params p;

        Root(Params p, CompletableFuture<Integer> completion) {
            super(completion);
            this.p = p;
        }

        @Override
        public void preStart() {
            ActorRef[] ring = new ActorRef[p.actors()];
            for (int i = 0; i < ring.length; i++) {
                int id = i + 1;
                ring[i] = getContext().actorOf(Props.create(RingActor.class, () -> new RingActor(id, p.actors())));
            }
            for (int i = 0; i < ring.length; i++) {
                ring[i].tell(new NextActor(ring[(i + 1) % ring.length]), getSelf());
            }
            ring[0].tell(new Ping(p.pings()), getSelf());
        }

        @Override
        public Receive createReceive() {
            return receiveBuilder().match(Done.class, m -> finish(m.id())).build();
        }
    }

    static final class RingActor extends BenchActor {
        private final int id;
        private final int numActors;
        private ActorRef next;

        RingActor(int id, int numActors) {
            this.id = id;
            this.numActors = numActors;
        }

        @Override
        public Receive createReceive() {
            return receiveBuilder()
                    .match(NextActor.class, m -> next = m.next())
                    .match(Ping.class, m -> {
                        if (m.hopsLeft() > 0) {
                            next.tell(new Ping(m.hopsLeft() - 1), getSelf());
                        } else {
                            next.tell(new Exit(numActors - 1), getSelf());
                        }
                    })
                    .match(Exit.class, m -> {
                        if (m.hopsLeft() > 0) {
                            next.tell(new Exit(m.hopsLeft() - 1), getSelf());
                        } else {
                            getContext().getParent().tell(new Done(id), getSelf());
                        }
                    })
                    .build();
        }
    }
}
