package dev.reprise.savina;

import akka.actor.ActorRef;
import akka.actor.ActorSystem;
import akka.actor.Props;
import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.function.Function;

/** Runs one iteration: creates the root actor and waits for its future. */
public final class Iteration {
    private Iteration() {}

    /**
     * Creates the root actor from {@code props} (given the future it must complete) and waits for
     * the result. The calling thread sends no message to any actor.
     *
     * @throws CheckFailedException if an actor failed a check
     * @throws IterationFailedException if an actor failed otherwise, or on timeout (the root actor
     *     is then stopped)
     */
    public static <R> R await(
            ActorSystem system, String benchmark, Function<CompletableFuture<R>, Props> props, Duration timeout)
            throws InterruptedException {
        CompletableFuture<R> completion = new CompletableFuture<>();
        ActorRef root = system.actorOf(props.apply(completion));
        try {
            return completion.get(timeout.toNanos(), TimeUnit.NANOSECONDS);
        } catch (TimeoutException e) {
            system.stop(root);
            throw new IterationFailedException(
                    benchmark + ": iteration did not finish within " + timeout.toSeconds() + " s", e);
        } catch (ExecutionException e) {
            Throwable cause = e.getCause();
            if (cause instanceof CheckFailedException check) {
                throw check;
            }
            throw new IterationFailedException(benchmark + ": an actor failed: " + cause, cause);
        }
    }
}
