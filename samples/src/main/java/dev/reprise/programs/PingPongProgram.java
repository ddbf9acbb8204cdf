package dev.reprise.programs;

import akka.actor.AbstractActor;
import akka.actor.ActorRef;
import akka.actor.ActorSystem;
import akka.actor.Props;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;

/**
 * Two actors bounce a message N times: a long trace, quickly. Prints "started" once the ball is in
 * play and the final count at the end; with "forever" instead of N it runs until killed, pausing
 * 1 ms every 100 rounds (a trace that a test can replay in seconds); "flat-out" runs until killed
 * without pausing.
 */
public final class PingPongProgram {
    static final CompletableFuture<Long> done = new CompletableFuture<>();

    static final class Player extends AbstractActor {
        final long rounds;
        final boolean pause;
        long count;

        Player(long rounds, boolean pause) {
            this.rounds = rounds;
            this.pause = pause;
        }

        @Override
        public Receive createReceive() {
            return receiveBuilder()
                    .match(ActorRef.class, other -> other.tell(1L, getSelf()))
                    .match(Long.class, n -> {
                        count++;
                        if (pause && n % 100 == 0) {
                            Thread.sleep(1);
                        }
                        if (n >= rounds) {
                            done.complete(n);
                        } else {
                            getSender().tell(n + 1, getSelf());
                        }
                    })
                    .build();
        }
    }

    public static void main(String[] args) throws Exception {
        boolean pause = args[0].equals("forever");
        long rounds = pause || args[0].equals("flat-out") ? Long.MAX_VALUE : Long.parseLong(args[0]);
        ActorSystem system = ActorSystem.create("pingpong", ProgramConfig.config(false));
        ActorRef a = system.actorOf(Props.create(Player.class, () -> new Player(rounds, pause)), "a");
        ActorRef b = system.actorOf(Props.create(Player.class, () -> new Player(rounds, pause)), "b");
        a.tell(b, ActorRef.noSender());
        System.out.println("started");
        System.out.flush();
        System.out.println("rounds " + done.get(10, TimeUnit.MINUTES));
        system.terminate();
        system.getWhenTerminated().toCompletableFuture().get(30, TimeUnit.SECONDS);
    }
}
