package dev.reprise.savina;

import akka.actor.ActorSystem;
import java.time.Duration;

/**
 * One Savina benchmark, ported to Akka Classic.
 *
 * <p>An iteration creates its top-level actor with {@code system.actorOf(...)}, passing the
 * parameters and a {@link java.util.concurrent.CompletableFuture} in the constructor. The work
 * starts in that actor's {@code preStart}; the calling thread never sends a message. When the
 * result is known the top-level actor stops itself (and so all actors of the iteration) and
 * completes the future from {@code postStop}, so no actor outlives its iteration. See
 * {@link RootActor}.
 *
 * @param <P> the parameter record of the benchmark
 * @param <R> the raw result of one iteration, the value that {@link #verify} checks
 */
public interface SavinaBenchmark<P, R> {

    /** Default time an iteration may take before it counts as hung. */
    Duration DEFAULT_TIMEOUT = Duration.ofMinutes(5);

    /** The benchmark name, as used on the command line (e.g. {@code "PingPong"}). */
    String name();

    /** The parameters of the SOMns {@code savina-jit} suite (the ManLang'18 paper). */
    P paper();

    /** Small parameters: an iteration takes well under a second. */
    P quick();

    /**
     * Runs one iteration and returns its raw result without checking it.
     *
     * @throws IterationFailedException if an actor failed or the iteration did not finish in time
     * @throws CheckFailedException if a check inside the actors failed (e.g. an out-of-order value)
     */
    R run(ActorSystem system, P params, Duration timeout) throws InterruptedException;

    /**
     * Checks a result strictly.
     *
     * @throws CheckFailedException naming the benchmark, the expected and the actual value
     */
    void verify(P params, R result);

    /** Runs one iteration, checks its result and returns it. */
    default R runIteration(ActorSystem system, P params, Duration timeout) throws InterruptedException {
        R result = run(system, params, timeout);
        verify(params, result);
        return result;
    }

    /** {@link #runIteration(ActorSystem, Object, Duration)} with {@link #DEFAULT_TIMEOUT}. */
    default R runIteration(ActorSystem system, P params) throws InterruptedException {
        return runIteration(system, params, DEFAULT_TIMEOUT);
    }
}
