package dev.reprise.agent.context;

import dev.reprise.agent.actor.ActorIds;
import dev.reprise.agent.actor.AddedState;
import dev.reprise.agent.health.AgentLog;
import java.util.concurrent.atomic.AtomicReference;
import scala.Function1;
import scala.Function2;
import scala.concurrent.ExecutionContext;
import scala.concurrent.Future;
import scala.concurrent.impl.Promise.DefaultPromise;
import scala.runtime.BoxedUnit;
import scala.util.Failure;
import scala.util.Success;
import scala.util.Try;
import scala.util.control.NonFatal;

/**
 * Scala 2.13's {@code zipWith} on a future it found not complete, done as Scala does it, for a
 * future found so in the recording ({@link FutureReads#zipWith}): one callback on each future, in
 * the same order, and the zipped future completed by whichever comes second, or by the first
 * failure. One thing differs: a zipped success is resolved by the second future's callback,
 * whichever side came last. Which did is chance, and what the zipped future's own callbacks send
 * is known by its resolver; each side's callback is a context that comes at the same place in
 * every run, so the resolver does too.
 */
final class ZippedFutures {
    private ZippedFutures() {}

    @SuppressWarnings("unchecked")
    static Future<Object> zip(DefaultPromise<Object> first, Object second, Object f, Object executor) {
        Function2<Object, Object, Object> zip = (Function2<Object, Object, Object>) f;
        ExecutionContext ec = (ExecutionContext) executor;
        AtomicReference<Success<Object>> buffer = new AtomicReference<>();
        long[] secondsResolver = new long[1]; // written before, read after, the buffer's getAndSet
        DefaultPromise<Object> zipped = new DefaultPromise<>();
        first.onComplete(side(buffer, zipped, zip, true, secondsResolver), ec);
        ((Future<Object>) second).onComplete(side(buffer, zipped, zip, false, secondsResolver), ec);
        return zipped;
    }

    /** The callback of one side: the first success waits in {@code buffer} for the other's. */
    private static Function1<Try<Object>, Object> side(
            AtomicReference<Success<Object>> buffer,
            DefaultPromise<Object> zipped,
            Function2<Object, Object, Object> zip,
            boolean first,
            long[] secondsResolver) {
        return result -> {
            if (!first) {
                secondsResolver[0] = resolver();
            }
            if (result instanceof Success<Object> mine) {
                Success<Object> other = buffer.getAndSet(mine);
                if (other != null) {
                    Try<Object> both = first ? zipped(zip, mine, other) : zipped(zip, other, mine);
                    resolvedBy(both, secondsResolver[0]);
                    zipped.tryComplete(both);
                }
            } else {
                zipped.tryComplete(result);
            }
            return BoxedUnit.UNIT;
        };
    }

    /** Who resolves a promise from here ({@link AgentThread#resolverId}). */
    private static long resolver() {
        try {
            return AgentThread.current().resolverId();
        } catch (Throwable e) {
            AgentLog.internalError("naming a zipped future's resolver", e);
            return ActorIds.UNKNOWN;
        }
    }

    private static void resolvedBy(Try<Object> result, long resolver) {
        try {
            AddedState.setResolver(result, resolver);
        } catch (Throwable e) {
            AgentLog.internalError("resolving a zipped future", e);
        }
    }

    private static Try<Object> zipped(
            Function2<Object, Object, Object> zip, Success<Object> left, Success<Object> right) {
        try {
            return new Success<>(zip.apply(left.value(), right.value()));
        } catch (Throwable e) {
            if (!NonFatal.apply(e)) {
                throw e;
            }
            return new Failure<>(e);
        }
    }
}
