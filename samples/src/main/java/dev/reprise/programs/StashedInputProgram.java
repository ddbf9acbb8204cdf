package dev.reprise.programs;

import akka.actor.AbstractActorWithStash;
import akka.actor.ActorRef;
import akka.actor.ActorSystem;
import akka.actor.Props;
import akka.pattern.Patterns;
import java.time.Duration;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.TimeUnit;

/**
 * Outside input that an actor stashes and takes later, in Java with Akka Classic's
 * {@link AbstractActorWithStash}: a counter stashes every message until a timer opens it, a few
 * milliseconds after its start (how many is chance). {@code main} and a virtual thread add numbers
 * at random moments; {@code main} then asks for the total, an ask that is stashed too when it comes
 * early. Once open, the counter takes the stashed messages again (unstashed into its mailbox) and
 * then the rest, and prints each one: which come before the opening, and the order of the two
 * senders' numbers, differ from run to run. The program ends by terminating its actor system.
 */
public final class StashedInputProgram {
    private StashedInputProgram() {}

    public static final int ADDS = 6;

    record Add(String by, int amount) {}

    /** Stashes everything until its timer says "open", then adds and answers asks for the total. */
    static final class Counter extends AbstractActorWithStash {
        private int total;

        @Override
        public void preStart() {
            int millis = 1 + ThreadLocalRandom.current().nextInt(6);
            getContext()
                    .getSystem()
                    .scheduler()
                    .scheduleOnce(
                            Duration.ofMillis(millis),
                            getSelf(),
                            "open",
                            getContext().getDispatcher(),
                            getSelf());
        }

        @Override
        public Receive createReceive() {
            return receiveBuilder()
                    .matchEquals("open", m -> {
                        System.out.println("open");
                        unstashAll();
                        getContext().become(open());
                    })
                    .matchAny(m -> stash())
                    .build();
        }

        private Receive open() {
            return receiveBuilder()
                    .match(Add.class, add -> {
                        total += add.amount();
                        System.out.println(add.by() + " adds " + add.amount() + ": " + total);
                    })
                    .matchEquals("total", m -> getSender().tell(total, getSelf()))
                    .build();
        }
    }

    public static void main(String[] args) throws Exception {
        ActorSystem system = ActorSystem.create("stashed", ProgramConfig.config(false));
        ActorRef counter = system.actorOf(Props.create(Counter.class, Counter::new), "counter");
        Thread other = Thread.ofVirtual().start(() -> send(counter, "other"));
        send(counter, "main");
        other.join();
        Object total = Patterns.ask(counter, "total", Duration.ofSeconds(5))
                .toCompletableFuture()
                .get(10, TimeUnit.SECONDS);
        System.out.println("total " + total);
        system.terminate();
        system.getWhenTerminated().toCompletableFuture().get(30, TimeUnit.SECONDS);
    }

    private static void send(ActorRef counter, String by) {
        for (int i = 0; i < ADDS; i++) {
            try {
                Thread.sleep(ThreadLocalRandom.current().nextInt(3));
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                return;
            }
            counter.tell(new Add(by, 1 + ThreadLocalRandom.current().nextInt(9)), ActorRef.noSender());
        }
    }
}
