package dev.reprise.programs;

import akka.actor.AbstractActor;
import akka.actor.ActorRef;
import akka.actor.ActorSystem;
import akka.actor.Props;
import akka.dispatch.Futures;
import akka.pattern.Patterns;
import java.util.Random;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import scala.concurrent.Promise;

/**
 * Two actors race to complete one promise, {@value #ROUNDS} times: a judge hands each round's
 * promise to racers "a" and "b", which wait a random 0 to 3 ms and try to complete it with their
 * name; the judge prints who won. {@code -Drace.slower=NAME} makes that racer 10 ms slower: a
 * replay on a machine where the recording's winner comes late.
 */
public final class FirstToCompleteProgram {
    public static final int ROUNDS = 20;
    static final CompletableFuture<Void> done = new CompletableFuture<>();

    static final class Racer extends AbstractActor {
        final Random random = new Random();
        final long slower = getSelf().path().name().equals(System.getProperty("race.slower")) ? 10 : 0;

        @Override
        public Receive createReceive() {
            return receiveBuilder()
                    .match(Promise.class, p -> {
                        Thread.sleep(random.nextInt(4) + slower);
                        @SuppressWarnings("unchecked")
                        Promise<String> promise = p;
                        promise.trySuccess(getSelf().path().name());
                    })
                    .build();
        }
    }

    static final class Judge extends AbstractActor {
        final ActorRef a = getContext().actorOf(Props.create(Racer.class, Racer::new), "a");
        final ActorRef b = getContext().actorOf(Props.create(Racer.class, Racer::new), "b");
        int round;

        @Override
        public void preStart() {
            next();
        }

        private void next() {
            Promise<String> promise = Futures.promise();
            a.tell(promise, getSelf());
            b.tell(promise, getSelf());
            Patterns.pipe(promise.future(), getContext().getDispatcher()).to(getSelf());
        }

        @Override
        public Receive createReceive() {
            return receiveBuilder()
                    .match(String.class, winner -> {
                        System.out.println("round " + ++round + ": " + winner);
                        if (round < ROUNDS) {
                            next();
                        } else {
                            done.complete(null);
                        }
                    })
                    .build();
        }
    }

    public static void main(String[] args) throws Exception {
        ActorSystem system = ActorSystem.create("first-to-complete", ProgramConfig.config(false));
        system.actorOf(Props.create(Judge.class, Judge::new), "judge");
        done.get(60, TimeUnit.SECONDS);
        system.terminate();
        system.getWhenTerminated().toCompletableFuture().get(30, TimeUnit.SECONDS);
    }
}
