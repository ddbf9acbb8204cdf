package dev.reprise.programs;

import akka.actor.AbstractActor;
import akka.actor.ActorRef;
import akka.actor.ActorSystem;
import akka.actor.Props;
import akka.routing.BalancingPool;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;

/** Workers behind a BalancingPool (one mailbox shared by all): recordable, but not replayable. */
public final class BalancingProgram {
    static final CountDownLatch done = new CountDownLatch(10);

    static final class Worker extends AbstractActor {
        @Override
        public Receive createReceive() {
            return receiveBuilder().match(Integer.class, n -> done.countDown()).build();
        }
    }

    public static void main(String[] args) throws Exception {
        ActorSystem system = ActorSystem.create("balancing", ProgramConfig.config(false));
        ActorRef pool = system.actorOf(new BalancingPool(3).props(Props.create(Worker.class, Worker::new)), "pool");
        for (int i = 0; i < 10; i++) {
            pool.tell(i, ActorRef.noSender());
        }
        System.out.println("done " + done.await(30, TimeUnit.SECONDS));
        system.terminate();
        system.getWhenTerminated().toCompletableFuture().get(30, TimeUnit.SECONDS);
    }
}
