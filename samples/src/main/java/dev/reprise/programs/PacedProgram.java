package dev.reprise.programs;

import akka.actor.AbstractActor;
import akka.actor.ActorRef;
import akka.actor.ActorSystem;
import akka.actor.Props;
import com.typesafe.config.ConfigFactory;
import java.util.concurrent.TimeUnit;

/**
 * A racy Akka program that runs for seconds, for the tests that stop a recording or a replay
 * midway: two feeders send {@value #PER_FEEDER} messages each to a counter at once, so their order
 * races; the counter spends a millisecond on each, prints every 100th with the feeder it came from,
 * and at the end the hash of the whole order. Akka's coordinated shutdown runs on a signal, as in a
 * service left at its defaults.
 */
public final class PacedProgram {
    static final int PER_FEEDER = 5_000;
    static final int TOTAL = 2 * PER_FEEDER;

    private PacedProgram() {}

    static final class Counter extends AbstractActor {
        private int count;
        private int hash = 1;

        @Override
        public Receive createReceive() {
            return receiveBuilder()
                    .match(String.class, s -> {
                        Thread.sleep(1);
                        count++;
                        hash = 31 * hash + s.hashCode();
                        if (count % 100 == 0) {
                            System.out.println(count + ": " + s);
                        }
                        if (count == TOTAL) {
                            System.out.println("done " + Integer.toHexString(hash));
                            getContext().getSystem().terminate();
                        }
                    })
                    .build();
        }
    }

    static final class Feeder extends AbstractActor {
        private final ActorRef counter;

        Feeder(ActorRef counter) {
            this.counter = counter;
        }

        @Override
        public void preStart() {
            for (int i = 0; i < PER_FEEDER; i++) {
                counter.tell(getSelf().path().name() + ":" + i, getSelf());
            }
        }

        @Override
        public Receive createReceive() {
            return receiveBuilder().build();
        }
    }

    public static void main(String[] args) throws Exception {
        ActorSystem system = ActorSystem.create(
                "paced",
                ConfigFactory.parseString("akka.loglevel = WARNING\nakka.log-dead-letters = off")
                        .withFallback(ConfigFactory.load()));
        ActorRef counter = system.actorOf(Props.create(Counter.class, Counter::new), "counter");
        for (String name : new String[] {"a", "b"}) {
            system.actorOf(Props.create(Feeder.class, () -> new Feeder(counter)), name);
        }
        system.getWhenTerminated().toCompletableFuture().get(5, TimeUnit.MINUTES);
    }
}
