package dev.reprise.samples;

import akka.actor.AbstractActor;
import akka.actor.Props;
import java.util.Random;

/**
 * The one actor of a sample program that prints: every other actor tells it its lines. Actors run
 * in parallel, so lines printed by several of them would interleave by chance even in a perfect
 * replay; lines that pass through one actor come out in that actor's message order, which the
 * replay must reproduce. So the printed output shows which message overtook which.
 */
public final class Console extends AbstractActor {
    static Props props() {
        return Props.create(Console.class, Console::new);
    }

    @Override
    public Receive createReceive() {
        return receiveBuilder().match(String.class, System.out::println).build();
    }

    /**
     * Schedule perturbation inside an actor's turn: a short sleep (0 to 2 ms) or a yield, chosen by
     * the actor's own {@code Random}. The agent records the random values, and the replay returns
     * them, so it pauses where the recording paused; what it must not depend on is the timing.
     */
    static void jitter(Random random) {
        int n = random.nextInt(4);
        if (n == 3) {
            Thread.yield();
            return;
        }
        try {
            Thread.sleep(n);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
