package dev.reprise.programs;

import akka.actor.AbstractActor;
import akka.actor.ActorSystem;
import akka.actor.Props;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;

/**
 * A parent creates N children in batches of 1000; each child answers once and stops (as in
 * Savina's ForkJoinActorCreation). Few actors live at a time, but the trace holds N of them.
 * Prints the number of answers.
 */
public final class ShortLivedActorsProgram {
    static final int BATCH = 1000;
    static final CompletableFuture<Integer> done = new CompletableFuture<>();

    static final class Child extends AbstractActor {
        @Override
        public Receive createReceive() {
            return receiveBuilder()
                    .match(Integer.class, n -> {
                        getSender().tell(n, getSelf());
                        getContext().stop(getSelf());
                    })
                    .build();
        }
    }

    static final class Parent extends AbstractActor {
        final int total;
        int created;
        int answered;

        Parent(int total) {
            this.total = total;
        }

        @Override
        public void preStart() {
            createBatch();
        }

        private void createBatch() {
            for (int i = 0; i < BATCH && created < total; i++, created++) {
                getContext().actorOf(Props.create(Child.class, Child::new)).tell(created, getSelf());
            }
        }

        @Override
        public Receive createReceive() {
            return receiveBuilder()
                    .match(Integer.class, n -> {
                        answered++;
                        if (answered == total) {
                            done.complete(answered);
                        } else if (answered == created) {
                            createBatch();
                        }
                    })
                    .build();
        }
    }

    public static void main(String[] args) throws Exception {
        int total = Integer.parseInt(args[0]);
        ActorSystem system = ActorSystem.create("shortlived", ProgramConfig.config(false));
        system.actorOf(Props.create(Parent.class, () -> new Parent(total)), "parent");
        System.out.println("answers " + done.get(10, TimeUnit.MINUTES));
        system.terminate();
        system.getWhenTerminated().toCompletableFuture().get(30, TimeUnit.SECONDS);
    }
}
