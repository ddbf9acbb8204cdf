package dev.reprise.hookbench;

import akka.actor.AbstractActor;
import akka.actor.ActorRef;
import akka.actor.Props;

/**
 * Many senders, as Savina's BigContention: {@link #ACTORS} actors (more than the recorder's 256
 * short-form slots) with one message each in flight; an actor that takes one sends one on to an
 * actor picked at random, without end. Every message is an actor switch, and its sender is almost
 * never the one its receiver took last, so neither "same actor" nor "same sender" shortcuts help.
 * The pick comes from each actor's own xorshift, not from a random generator the agent records.
 */
final class ManySenders {
    private ManySenders() {}

    static final int ACTORS = 300;
    static final Object PING = "ping";

    /** The top-level actor: creates the others as its children, tells each who all are, and starts them. */
    static Props props(Pacer pacer) {
        return Props.create(First.class, pacer);
    }

    record Everyone(ActorRef[] actors) {}

    /** Sends each message it takes on to an actor picked at random. */
    public static class Member extends AbstractActor {
        final Pacer pacer;
        ActorRef[] everyone;
        private int seed;

        public Member(Pacer pacer, int seed) {
            this.pacer = pacer;
            this.seed = seed | 1;
        }

        @Override
        public Receive createReceive() {
            return receiveBuilder()
                    .match(Everyone.class, e -> everyone = e.actors())
                    .matchAny(ping -> {
                        pacer.processed();
                        everyone[next(everyone.length)].tell(ping, getSelf());
                    })
                    .build();
        }

        /** A pick in [0, n) from a 32-bit xorshift. */
        private int next(int n) {
            int x = seed;
            x ^= x << 13;
            x ^= x >>> 17;
            x ^= x << 5;
            seed = x;
            return (x & Integer.MAX_VALUE) % n;
        }
    }

    /** The first member: creates the others, hands everyone the list, and gives each a message. */
    public static final class First extends Member {
        public First(Pacer pacer) {
            super(pacer, 1);
        }

        @Override
        public void preStart() {
            ActorRef[] all = new ActorRef[ACTORS];
            all[0] = getSelf();
            for (int i = 1; i < ACTORS; i++) {
                all[i] = getContext().actorOf(Props.create(Member.class, pacer, 0x9E3779B9 * (i + 1)), "member-" + i);
            }
            everyone = all;
            for (int i = 1; i < ACTORS; i++) {
                all[i].tell(new Everyone(all), getSelf());
            }
            for (ActorRef member : all) {
                member.tell(PING, getSelf());
            }
        }
    }
}
