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
 * Savina Counting: a producer sends {@code limit} increments to a counter, then asks for the
 * count. Check: count = limit.
 */
public final class Counting implements SavinaBenchmark<Counting.Params, Long> {

    /** @param limit number of increments */
    public record Params(int limit) implements Serializable {}

    record Increment() implements Serializable {}

    record RequestCount() implements Serializable {}

    record Count(long count) implements Serializable {}

    @Override
    public String name() {
        return "Counting";
    }

    @Override
    public Params paper() {
        return new Params(200_000);
    }

    @Override
    public Params quick() {
        return new Params(20_000);
    }

    @Override
    public Long run(ActorSystem system, Params p, Duration timeout) throws InterruptedException {
        return Iteration.await(system, name(), f -> Props.create(Producer.class, () -> new Producer(p, f)), timeout);
    }

    @Override
    public void verify(Params p, Long count) {
        Checks.equal(name(), "count", p.limit(), count);
    }

    /** The producer is the root: it sends the increments from preStart. */
    static final class Producer extends RootActor<Long> {
        private final Params p;

        Producer(Params p, CompletableFuture<Long> completion) {
            super(completion);
            this.p = p;
        }

        @Override
        public void preStart() {
            ActorRef counter = getContext().actorOf(Props.create(CountingActor.class, CountingActor::new));
            Increment increment = new Increment();
            for (int i = 0; i < p.limit(); i++) {
                counter.tell(increment, getSelf());
            }
            counter.tell(new RequestCount(), getSelf());
        }

        @Override
        public Receive createReceive() {
            return receiveBuilder().match(Count.class, m -> finish(m.count())).build();
        }
    }

    static final class CountingActor extends BenchActor {
        private long count;

        @Override
        public Receive createReceive() {
            return receiveBuilder()
                    .match(Increment.class, m -> count++)
                    .match(RequestCount.class, m -> getSender().tell(new Count(count), getSelf()))
                    .build();
        }
    }
}
