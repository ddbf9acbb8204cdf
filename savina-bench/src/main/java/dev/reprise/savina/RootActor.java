package dev.reprise.savina;

import akka.actor.AbstractActor;
import akka.actor.OneForOneStrategy;
import akka.actor.SupervisorStrategy;
import akka.japi.pf.DeciderBuilder;
import dev.reprise.savina.peer.Peers;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import scala.PartialFunction;
import scala.runtime.BoxedUnit;

/**
 * The top-level actor of one iteration. Subclasses start the work in {@code preStart} and call
 * {@link #finish(Object)} with the result. That stops this actor, and with it every actor of the
 * iteration (they are all its descendants); the future completes in {@link #postStop()}, after
 * all descendants have stopped.
 *
 * <p>If this actor or a descendant throws, the iteration fails: the future completes
 * exceptionally with that exception and the actor stops instead of restarting.
 *
 * @param <R> the result type
 */
public abstract class RootActor<R> extends AbstractActor {
    private final CompletableFuture<R> completion;
    private boolean finished;
    private R result;
    private Throwable failure;

    /** Creates the root; {@code completion} is completed when the iteration is over. */
    protected RootActor(CompletableFuture<R> completion) {
        this.completion = completion;
    }

    /** Records the result and stops the iteration's actors. Later calls are ignored. */
    protected final void finish(R value) {
        if (!finished && failure == null) {
            finished = true;
            result = value;
            getContext().stop(getSelf());
        }
    }

    /** Fails the iteration with {@code cause} and stops its actors. */
    protected final void fail(Throwable cause) {
        if (failure == null && !finished) {
            failure = cause;
        }
        getContext().stop(getSelf());
    }

    @Override
    public SupervisorStrategy supervisorStrategy() {
        return new OneForOneStrategy(
                false,
                DeciderBuilder.matchAny(t -> {
                            fail(t);
                            return SupervisorStrategy.stop();
                        })
                        .build());
    }

    @Override
    public void preRestart(Throwable reason, Optional<Object> message) throws Exception {
        // This actor itself threw (the guardian would restart it): fail instead.
        if (failure == null && !finished) {
            failure = reason;
        }
        super.preRestart(reason, message); // stops the children, then calls postStop
    }

    @Override
    public void postRestart(Throwable reason) {
        // Do not run preStart again; the iteration is over.
        getContext().stop(getSelf());
    }

    @Override
    public void postStop() {
        if (failure != null) {
            completion.completeExceptionally(failure);
        } else if (finished) {
            completion.complete(result);
        } else {
            completion.completeExceptionally(
                    new IllegalStateException(getClass().getSimpleName() + " stopped without a result"));
        }
    }

    /** Every processed message goes past the peer recorder, if one was chosen (see {@link Peers}). */
    @Override
    public void aroundReceive(PartialFunction<Object, BoxedUnit> receive, Object message) {
        if (Peers.ACTIVE) {
            Peers.received(this, message);
        }
        super.aroundReceive(receive, message);
    }
}
