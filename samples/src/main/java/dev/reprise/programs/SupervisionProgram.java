package dev.reprise.programs;

import akka.actor.AbstractActor;
import akka.actor.ActorRef;
import akka.actor.ActorSystem;
import akka.actor.PoisonPill;
import akka.actor.Props;
import akka.actor.Terminated;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;

/**
 * Actors that throw and are restarted (default supervision), and a watcher that sees a watched
 * actor stop. Prints each actor's processed messages and its uid.
 */
public final class SupervisionProgram {
    static final CompletableFuture<Void> done = new CompletableFuture<>();

    static final class Fragile extends AbstractActor {
        static int restarts;
        int processed;

        @Override
        public void postRestart(Throwable reason) {
            restarts++;
            System.out.println("restarted after " + reason.getMessage());
        }

        @Override
        public Receive createReceive() {
            return receiveBuilder()
                    .match(Integer.class, n -> {
                        processed++;
                        if (n % 3 == 0) {
                            throw new IllegalStateException("boom " + n);
                        }
                        getSender().tell(n, getSelf());
                    })
                    .build();
        }
    }

    static final class Parent extends AbstractActor {
        ActorRef fragile;
        ActorRef doomed;
        int answers;

        @Override
        public void preStart() {
            fragile = getContext().actorOf(Props.create(Fragile.class, Fragile::new), "fragile");
            doomed = getContext().actorOf(Props.create(Fragile.class, Fragile::new), "doomed");
            getContext().watch(doomed);
            System.out.println("uid fragile " + fragile.path().uid());
            System.out.println("uid doomed " + doomed.path().uid());
        }

        @Override
        public Receive createReceive() {
            return receiveBuilder()
                    .matchEquals("go", m -> {
                        for (int i = 1; i <= 7; i++) {
                            fragile.tell(i, getSelf());
                        }
                        doomed.tell(PoisonPill.getInstance(), getSelf());
                    })
                    .match(Integer.class, n -> answers++)
                    .match(Terminated.class, t -> {
                        System.out.println("terminated " + t.actor().path().name() + " answers " + answers);
                        done.complete(null);
                    })
                    .build();
        }
    }

    public static void main(String[] args) throws Exception {
        ActorSystem system =
                ActorSystem.create("supervision", ProgramConfig.config(args.length > 0 && args[0].equals("single")));
        ActorRef parent = system.actorOf(Props.create(Parent.class, Parent::new), "parent");
        System.out.println("uid parent " + parent.path().uid());
        parent.tell("go", ActorRef.noSender());
        done.get(30, TimeUnit.SECONDS);
        Thread.sleep(200);
        System.out.println("restarts " + Fragile.restarts);
        system.terminate();
        system.getWhenTerminated().toCompletableFuture().get(30, TimeUnit.SECONDS);
    }
}
