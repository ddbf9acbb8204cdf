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

/** Savina PingPong: two actors exchange {@code pings} ping/pong pairs. Check: pong count. */
public final class PingPong implements SavinaBenchmark<PingPong.Params, Long> {

    /** @param pings number of ping/pong round trips */
    public record Params(int pings) implements Serializable {}

    record Start() implements Serializable {}

    record Ping() implements Serializable {}

    record Pong() implements Serializable {}

    record Stop() implements Serializable {}

    record PongCount(long count) implements Serializable {}

    @Override
    public String name() {
        return "PingPong";
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
    public Long run(ActorSystem system, Params p, Duration timeout) throws InterruptedException {
        return Iteration.await(system, name(), f -> Props.create(Root.class, () -> new Root(p, f)), timeout);
    }

    @Override
    public void verify(Params p, Long pongs) {
        Checks.equal(name(), "pong count", p.pings(), pongs);
    }

    static final class Root extends RootActor<Long> {
        private final Params p;

        Root(Params p, CompletableFuture<Long> completion) {
            super(completion);
            this.p = p;
        }

        @Override
        public void preStart() {
            ActorRef pong = getContext().actorOf(Props.create(PongActor.class, PongActor::new));
            ActorRef ping = getContext().actorOf(Props.create(PingActor.class, () -> new PingActor(p.pings(), pong)));
            ping.tell(new Start(), getSelf());
        }

        @Override
        public Receive createReceive() {
            return receiveBuilder()
                    .match(PongCount.class, m -> finish(m.count()))
                    .build();
        }
    }

    static final class PingActor extends BenchActor {
        private final ActorRef pong;
        private int pingsLeft;

        PingActor(int pings, ActorRef pong) {
            this.pingsLeft = pings;
            this.pong = pong;
        }

        private void sendPing() {
            pong.tell(new Ping(), getSelf());
            pingsLeft--;
        }

        @Override
        public Receive createReceive() {
            return receiveBuilder()
                    .match(Start.class, m -> sendPing())
                    .match(Ping.class, m -> sendPing())
                    .match(Pong.class, m -> {
                        if (pingsLeft > 0) {
                            getSelf().tell(new Ping(), getSelf());
                        } else {
                            pong.tell(new Stop(), getSelf());
                        }
                    })
                    .build();
        }
    }

    static final class PongActor extends BenchActor {
        private long pongCount;

        @Override
        public Receive createReceive() {
            return receiveBuilder()
                    .match(Ping.class, m -> {
                        getSender().tell(new Pong(), getSelf());
                        pongCount++;
                    })
                    .match(Stop.class, m -> getContext().getParent().tell(new PongCount(pongCount), getSelf()))
                    .build();
        }
    }
}
