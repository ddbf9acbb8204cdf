package dev.reprise.hookbench;

import akka.actor.AbstractActor;
import akka.actor.ActorRef;
import akka.actor.Props;

/**
 * Ping-pong: two actors pass one ball back and forth without end. Every message is an actor
 * switch on the one dispatcher thread: the worst case for the per-switch cost (subtrace start).
 */
final class PingPong {
    private PingPong() {}

    /** The ball: one shared object, so the workload allocates nothing per message itself. */
    static final Object BALL = "ball";

    /** The top-level actor: creates pong and serves the first ball (from inside: no outside input). */
    static Props props(Pacer pacer) {
        return Props.create(Ping.class, pacer);
    }

    /** Returns every ball to pong. */
    public static final class Ping extends AbstractActor {
        private final Pacer pacer;
        private ActorRef pong;

        public Ping(Pacer pacer) {
            this.pacer = pacer;
        }

        @Override
        public void preStart() {
            pong = getContext().actorOf(Props.create(Pong.class, pacer), "pong");
            pong.tell(BALL, getSelf());
        }

        @Override
        public Receive createReceive() {
            return receiveBuilder()
                    .matchAny(ball -> {
                        pacer.processed();
                        pong.tell(BALL, getSelf());
                    })
                    .build();
        }
    }

    /** Sends every ball back to whoever sent it. */
    public static final class Pong extends AbstractActor {
        private final Pacer pacer;

        public Pong(Pacer pacer) {
            this.pacer = pacer;
        }

        @Override
        public Receive createReceive() {
            return receiveBuilder()
                    .matchAny(ball -> {
                        pacer.processed();
                        getSender().tell(ball, getSelf());
                    })
                    .build();
        }
    }
}
