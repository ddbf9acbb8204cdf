package dev.reprise.hookbench;

import akka.actor.AbstractActor;
import akka.actor.ActorRef;
import akka.actor.Props;

/**
 * Fan-in: {@link #SENDERS} actors each send {@link #CHUNK} messages per turn to one sink, without
 * end; the sink asks a sender for more when that sender's chunk is in (so its mailbox stays
 * bounded). Many sends per turn and interleaved runs from several senders in one mailbox.
 */
final class FanIn {
    private FanIn() {}

    static final int SENDERS = 10;
    static final int CHUNK = 10;
    static final Object ITEM = "item";
    static final Object LAST = "last";
    static final Object MORE = "more";

    /** The top-level actor: the sink, which creates the senders and starts them. */
    static Props props(Pacer pacer) {
        return Props.create(Sink.class, pacer);
    }

    /** Counts items; on a sender's last item of a chunk asks it for the next chunk. */
    public static final class Sink extends AbstractActor {
        private final Pacer pacer;

        public Sink(Pacer pacer) {
            this.pacer = pacer;
        }

        @Override
        public void preStart() {
            for (int i = 0; i < SENDERS; i++) {
                getContext()
                        .actorOf(Props.create(Sender.class, pacer, getSelf()), "sender-" + i)
                        .tell(MORE, getSelf());
            }
        }

        @Override
        public Receive createReceive() {
            return receiveBuilder()
                    .matchAny(item -> {
                        pacer.processed();
                        if (item == LAST) {
                            getSender().tell(MORE, getSelf());
                        }
                    })
                    .build();
        }
    }

    /** Sends a chunk of items to the sink for each request. */
    public static final class Sender extends AbstractActor {
        private final Pacer pacer;
        private final ActorRef sink;

        public Sender(Pacer pacer, ActorRef sink) {
            this.pacer = pacer;
            this.sink = sink;
        }

        @Override
        public Receive createReceive() {
            return receiveBuilder()
                    .matchAny(more -> {
                        pacer.processed();
                        for (int i = 1; i < CHUNK; i++) {
                            sink.tell(ITEM, getSelf());
                        }
                        sink.tell(LAST, getSelf());
                    })
                    .build();
        }
    }
}
