package dev.reprise.hookbench;

import akka.actor.AbstractActor;
import akka.actor.ActorRef;
import akka.actor.Props;

/**
 * Thread ring: {@link #ACTORS} actors pass one token round a ring without end. Every message is a
 * switch to an actor that last ran {@code ACTORS - 1} turns ago, so no "same actor as last time"
 * shortcut in the recorder helps.
 */
final class ThreadRing {
    private ThreadRing() {}

    static final int ACTORS = 100;
    static final Object TOKEN = "token";

    /** The top-level actor: creates the ring (the first member is itself) and starts the token. */
    static Props props(Pacer pacer) {
        return Props.create(First.class, pacer);
    }

    record Next(ActorRef next) {}

    /** Passes the token to the next member. */
    public static class Member extends AbstractActor {
        final Pacer pacer;
        ActorRef next;

        public Member(Pacer pacer) {
            this.pacer = pacer;
        }

        @Override
        public Receive createReceive() {
            return receiveBuilder()
                    .match(Next.class, n -> next = n.next())
                    .matchAny(token -> {
                        pacer.processed();
                        next.tell(token, getSelf());
                    })
                    .build();
        }
    }

    /** The first member: builds the others as its children, links them, and sends the token round. */
    public static final class First extends Member {
        public First(Pacer pacer) {
            super(pacer);
        }

        @Override
        public void preStart() {
            ActorRef after = getSelf();
            for (int i = ACTORS - 1; i >= 1; i--) {
                ActorRef member = getContext().actorOf(Props.create(Member.class, pacer), "ring-" + i);
                member.tell(new Next(after), getSelf());
                after = member;
            }
            next = after;
            next.tell(TOKEN, getSelf());
        }
    }
}
