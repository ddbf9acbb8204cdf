package dev.reprise.programs;

import akka.actor.AbstractActor;
import akka.actor.ActorRef;
import akka.actor.ActorSystem;
import akka.actor.Props;
import akka.actor.Status;
import akka.pattern.Patterns;
import java.time.Duration;
import java.util.Random;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;

/**
 * Asks that race their timeouts: an asker asks a replier {@value #ASKS} times with a 150 ms
 * timeout, one ask at a time, and prints each reply or timeout. The replier takes a random 0 to 20
 * ms, or 300 ms one time in four (so some asks time out, and their replies go to dead letters).
 * {@code -Dasks.slowReplies=MS} makes every reply slower by that much: a replay on a slower machine.
 */
public final class AskTimeoutsProgram {
    public static final int ASKS = 16;
    static final CompletableFuture<Void> done = new CompletableFuture<>();

    static final class Replier extends AbstractActor {
        final Random random = new Random();
        final long slower = Long.getLong("asks.slowReplies", 0);

        @Override
        public Receive createReceive() {
            return receiveBuilder()
                    .match(Integer.class, n -> {
                        Thread.sleep((random.nextInt(4) == 0 ? 300 : random.nextInt(21)) + slower);
                        getSender().tell("reply " + n, getSelf());
                    })
                    .build();
        }
    }

    static final class Asker extends AbstractActor {
        final ActorRef replier = getContext().actorOf(Props.create(Replier.class, Replier::new), "replier");
        int asked;

        @Override
        public void preStart() {
            askNext();
        }

        private void askNext() {
            int n = ++asked;
            Patterns.pipe(
                            Patterns.ask(replier, n, Duration.ofMillis(150)),
                            getContext().getDispatcher())
                    .to(getSelf());
        }

        @Override
        public Receive createReceive() {
            return receiveBuilder()
                    .match(String.class, reply -> next(reply))
                    .match(
                            Status.Failure.class,
                            f -> next("timeout " + asked + " ("
                                    + f.cause().getClass().getSimpleName() + ")"))
                    .build();
        }

        private void next(String line) {
            System.out.println(line);
            if (asked < ASKS) {
                askNext();
            } else {
                done.complete(null);
            }
        }
    }

    public static void main(String[] args) throws Exception {
        ActorSystem system = ActorSystem.create("ask-timeouts", ProgramConfig.config(false));
        system.actorOf(Props.create(Asker.class, Asker::new), "asker");
        done.get(60, TimeUnit.SECONDS);
        system.terminate();
        system.getWhenTerminated().toCompletableFuture().get(30, TimeUnit.SECONDS);
    }
}
