package dev.reprise.programs;

import akka.actor.typed.ActorRef;
import akka.actor.typed.ActorSystem;
import akka.actor.typed.Behavior;
import akka.actor.typed.javadsl.Behaviors;
import akka.stream.OverflowStrategy;
import akka.stream.javadsl.Sink;
import akka.stream.javadsl.Source;
import akka.stream.javadsl.SourceQueueWithComplete;
import java.util.concurrent.TimeUnit;

/**
 * Offers made as a stream is materialized, before or after its actor has started the stream: Akka
 * Streams keeps an offer made before the start in the queue's callback, and the stream's actor sends
 * it on at the start, where an offer made after it is sent by whoever offers. Which of the two
 * happens is a race. A desk (an Akka Typed guardian) opens {@value #STREAMS} streams in its own
 * turns, one per {@code Open} that {@code main} tells it, and makes its {@value #OFFERS} offers
 * after a short preparation (so under a dispatcher of two threads the stream has mostly started, and
 * under one it cannot have); {@code main} opens {@value #STREAMS} of its own in between and offers
 * at once. Each stream tells the desk what comes out; the desk prints the order results came in and
 * stops the system when it has them all; {@code main} waits for the system to end.
 */
public final class EagerOffersProgram {
    static final int STREAMS = 8;
    static final int OFFERS = 3;

    private EagerOffersProgram() {}

    interface Command {}

    record Open(int stream) implements Command {}

    record Result(int stream, int value) implements Command {}

    /** A stream whose results go to {@code desk}. */
    static SourceQueueWithComplete<Integer> open(ActorSystem<?> system, ActorRef<Command> desk, int stream) {
        return Source.<Integer>queue(OFFERS, OverflowStrategy.backpressure(), OFFERS)
                .map(x -> x * 100 + stream)
                .to(Sink.foreach(v -> desk.tell(new Result(stream, v))))
                .run(system);
    }

    static void offerAll(SourceQueueWithComplete<Integer> queue) {
        for (int k = 1; k <= OFFERS; k++) {
            queue.offer(k);
        }
    }

    /** Stands for the work a turn does between making its stream and feeding it. */
    private static void prepare() {
        try {
            Thread.sleep(3);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    static Behavior<Command> desk() {
        return Behaviors.setup(context -> {
            StringBuilder order = new StringBuilder();
            int[] results = {0};
            return Behaviors.receive(Command.class)
                    .onMessage(Open.class, open -> {
                        SourceQueueWithComplete<Integer> queue =
                                open(context.getSystem(), context.getSelf(), open.stream());
                        prepare();
                        offerAll(queue);
                        return Behaviors.same();
                    })
                    .onMessage(Result.class, result -> {
                        order.append(' ').append(result.value());
                        if (++results[0] == 2 * STREAMS * OFFERS) {
                            System.out.println("results" + order);
                            context.getSystem().terminate();
                        }
                        return Behaviors.same();
                    })
                    .build();
        });
    }

    public static void main(String[] args) throws Exception {
        ActorSystem<Command> system = ActorSystem.create(desk(), "offers", ProgramConfig.config(false));
        for (int stream = 0; stream < STREAMS; stream++) {
            system.tell(new Open(stream));
            offerAll(open(system, system, STREAMS + stream));
        }
        system.getWhenTerminated().toCompletableFuture().get(60, TimeUnit.SECONDS);
        System.out.println("offers done");
    }
}
