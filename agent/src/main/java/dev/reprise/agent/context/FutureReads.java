package dev.reprise.agent.context;

import dev.reprise.agent.health.AgentLog;
import dev.reprise.replay.ReplayDivergence;
import java.lang.reflect.Field;
import scala.Option;
import scala.concurrent.ExecutionContext;
import scala.concurrent.impl.Promise;
import scala.concurrent.impl.Promise.DefaultPromise;
import scala.util.Try;

/**
 * Whether a Scala future is complete, as an actor's turn, or a thread, task or callback replayed in
 * order ({@link SharedReads#ownContext}), finds it: by reading it ({@code value},
 * {@code isCompleted}), which Akka Streams' {@code mapAsync} does to take a finished future's result
 * at once, and by registering a callback on it ({@code onComplete}, {@code map}, ...), which runs the
 * callback at once (on the registering thread, if it asked for that: {@code parasitic}) when the
 * future is complete, and later, wherever it completes, when not; and by a combinator ({@code
 * map}, {@code recover}, ...) that registers nothing when the result is one it passes on, or one
 * that registers by what it finds ({@code zipWith}, under {@code Future.sequence}). All are
 * answered by {@link SharedReads}' rule; a callback whose registration was answered "incomplete"
 * never runs inside the turn: it runs on Scala's global pool, so that what it does comes later, as
 * a message. Without this, the number of callbacks a context registers, and so the id of each
 * later one, depended on how far other contexts had run. {@code Await}'s callback and its first
 * look ({@link #awaitLooks}, {@link #awaitValue}) are left out.
 */
@SuppressWarnings("unchecked")
public final class FutureReads {
    static final String FUTURE_COMPLETED = "Future.isCompleted()";
    static final String CALLBACK_AT_ONCE = "Future.onComplete()";

    private static final Field TRANSFORMATION_EXECUTOR = transformationField("_ec");
    private static final Field TRANSFORMATION_FUNCTION = transformationField("_fun");

    private FutureReads() {}

    /** {@code promise.isCompleted()} returned {@code live}: the answer the reading context gets. */
    public static boolean isCompleted(Object promise, boolean live) {
        try {
            AgentThread t = SharedReads.ownContext();
            return t == null || t.awaitLooks ? live : completed(t, FUTURE_COMPLETED, (DefaultPromise<?>) promise, live);
        } catch (ReplayDivergence d) {
            throw d;
        } catch (Throwable e) {
            AgentLog.internalError("recording Future.isCompleted", e);
            return live;
        }
    }

    /**
     * {@code future.isCompleted()}, asked by Scala's {@code Await.result} or {@code ready} before it
     * waits: the live answer, not recorded. It only chooses whether Await blocks (and tells the
     * thread's pool so); what Await returns is the future's result either way, so a recorded
     * answer would make two runs differ where the program does not, and cost a write.
     */
    public static boolean awaitLooks(Object future) {
        return asAwait(() -> ((scala.concurrent.Future<?>) future).isCompleted());
    }

    /**
     * {@code future.value()}, asked by Scala's {@code Await.result} (2.13.13 and later, through
     * {@code Await.FutureValue}) before it waits: the live value, not recorded, as for {@link
     * #awaitLooks}: a value there is returned at once, none is waited for, to the same result.
     */
    public static Option<?> awaitValue(Object future) {
        return asAwait(() -> ((scala.concurrent.Future<?>) future).value());
    }

    /** {@code look}'s live answer: the reads it makes of a future on this thread are not recorded. */
    private static <T> T asAwait(java.util.function.Supplier<T> look) {
        AgentThread t = AgentThread.peek();
        if (t == null || t.awaitLooks) {
            return look.get();
        }
        t.awaitLooks = true;
        try {
            return look.get();
        } finally {
            t.awaitLooks = false;
        }
    }

    /** {@code promise.value()} returned {@code live} (an {@code Option}): the value the reading context gets. */
    public static Object value(Object promise, Object live) {
        try {
            AgentThread t = SharedReads.ownContext();
            if (t == null || t.awaitLooks) {
                return live;
            }
            DefaultPromise<?> p = (DefaultPromise<?>) promise;
            if (!completed(t, FUTURE_COMPLETED, p, ((Option<?>) live).isDefined())) {
                return Option.empty();
            }
            return p.get() instanceof Try<?> result ? Option.apply(result) : live;
        } catch (ReplayDivergence d) {
            throw d;
        } catch (Throwable e) {
            AgentLog.internalError("recording Future.value", e);
            return live;
        }
    }

    /**
     * {@code callbacks} are being registered on {@code promise}, found in {@code state}. Only the
     * outermost registration on this thread counts (it retries itself when the future changes
     * meanwhile); {@link #registered} ends it. Whether the callbacks run at once is decided here,
     * as the recording found the future, in both modes: a future found incomplete has any
     * callback that would still run at once during this registration (the future completed in
     * between, or, in replay, before) run on Scala's global pool instead ({@link #runningAtOnce}).
     * In replay, one the recording found complete is waited for in an actor's turn, to which a
     * callback run at once adds events (Akka Streams' {@code mapAsync} registers such callbacks).
     * In a thread, task or callback outside turns it is not: the callbacks are named by their
     * registrant and their result's resolver wherever they run, so they may run later, where the
     * future completes; a wait there could hold the only thread of a pool that the future's
     * completer waits for (a replay with a smaller pool than the recording's).
     */
    public static void registering(Object promise, Object state, Object callbacks) {
        AgentThread t = AgentThread.peek();
        if (t == null || t.registering++ > 0) {
            return;
        }
        t.registrations++;
        if (SharedReads.ownContext() != t) {
            return;
        }
        try {
            if (callbacks instanceof Promise.Transformation<?, ?> c
                    && Callbacks.isAwait(TRANSFORMATION_FUNCTION.get(c))) {
                return; // Await registers only on a future not complete yet: its reading is chance
            }
            boolean live = state instanceof Try;
            boolean atOnce = t.current != null
                    ? completed(t, CALLBACK_AT_ONCE, (DefaultPromise<?>) promise, live)
                    : SharedReads.answer(t, CALLBACK_AT_ONCE, live);
            if (!atOnce) {
                t.deferring = true;
            }
        } catch (ReplayDivergence d) {
            throw d;
        } catch (Throwable e) {
            AgentLog.internalError("recording a future's callback", e);
        }
    }

    /**
     * A future runs {@code callbacks} with its result now, on this thread: during a registration
     * that found its future incomplete, they run on Scala's global pool instead.
     */
    public static void runningAtOnce(Object callbacks) {
        try {
            AgentThread t = AgentThread.peek();
            if (t != null && t.deferring && callbacks instanceof Promise.Transformation<?, ?>) {
                TRANSFORMATION_EXECUTOR.set(callbacks, ExecutionContext.global());
            }
        } catch (Throwable e) {
            AgentLog.internalError("deferring a future's callback", e);
        }
    }

    /** The registration that {@link #registering} saw has ended. */
    public static void registered() {
        AgentThread t = AgentThread.peek();
        if (t != null && t.registering > 0 && --t.registering == 0) {
            t.deferring = false;
        }
    }

    /** Scala's combinators that register nothing on a complete future whose result is a success. */
    private static final java.util.Set<String> PASS_SUCCESS = java.util.Set.of("recover", "recoverWith");

    /** What a combinator returns instead when {@link #combinator} ran it: a void one's. */
    public static final Object NOTHING = new Object();

    /**
     * Scala's combinator {@code method} (map, flatMap, recover, foreach, ..., and {@link #zipWith})
     * starts on {@code promise} with {@code arguments}, the last its executor: it looks at the future
     * itself and registers nothing when the result makes its callback pointless (a failure for
     * {@code map}, a success for {@code recover}). In a turn, or another context whose reads are
     * recorded, whether the future was complete is answered as recorded; one
     * answered incomplete that is complete with such a result gets its callback registered all the
     * same, as a callback that passes the result on: returns what the combinator returns then (or
     * {@link #NOTHING} for {@code foreach}); null lets the combinator run.
     */
    public static Object combinator(Object promise, String method, Object[] arguments) {
        AgentThread peeked = AgentThread.peek();
        if (peeked != null) {
            peeked.watchedCombinator = null; // one that threw is not watched any more
        }
        if (method.equals("zipWith")) {
            return zipWith(promise, arguments[0], arguments[1], arguments[2]);
        }
        Object executor = arguments[arguments.length - 1];
        try {
            AgentThread t = SharedReads.ownContext();
            if (t == null) {
                return null;
            }
            DefaultPromise<Object> p = (DefaultPromise<Object>) promise;
            if (completed(t, FUTURE_COMPLETED, p, isComplete(p))) {
                return null; // complete, as recorded (waited for in replay): the combinator decides by the result
            }
            if (!passes(method, p.get())) {
                // it registers its callback, as it did, unless the future completes before it looks
                t.watchedCombinator = promise;
                t.registrationsWatched = t.registrations;
                return null;
            }
            return passOn(p, method, executor);
        } catch (ReplayDivergence d) {
            throw d;
        } catch (Throwable e) {
            AgentLog.internalError("recording a future's combinator", e);
            return null;
        }
    }

    /**
     * The combinator that {@link #combinator} let run on {@code promise}, answered incomplete, returned
     * {@code returned}: the result to return. Scala looks at the future again, so one that completed
     * after that answer with a result the combinator passes on registered nothing: the callback that
     * passes it on is registered here, as the answer said, in the recording and in the replay alike
     * (without it, the registrations after it in the turn took each other's recorded answers).
     */
    public static Object combinatorEnded(Object promise, String method, Object[] arguments, Object returned) {
        try {
            AgentThread t = AgentThread.peek();
            if (t == null || t.watchedCombinator != promise) {
                return returned;
            }
            t.watchedCombinator = null;
            if (t.registrations != t.registrationsWatched) {
                return returned; // it registered its callback
            }
            Object passedOn = passOn((DefaultPromise<Object>) promise, method, arguments[arguments.length - 1]);
            return passedOn == NOTHING ? returned : passedOn;
        } catch (ReplayDivergence d) {
            throw d;
        } catch (Throwable e) {
            AgentLog.internalError("recording a future's combinator", e);
            return returned;
        }
    }

    /** Whether {@code method} registers nothing on a future in {@code state}: it passes the result on. */
    private static boolean passes(String method, Object state) {
        return PASS_SUCCESS.contains(method)
                ? state instanceof scala.util.Success
                : state instanceof scala.util.Failure;
    }

    /** Registers a callback that passes {@code p}'s result on, in place of the combinator's: what it returns. */
    private static Object passOn(DefaultPromise<Object> p, String method, Object executor) {
        ExecutionContext ec = executor instanceof ExecutionContext e ? e : ExecutionContext.parasitic$.MODULE$;
        if (method.equals("foreach")) {
            p.onComplete(result -> scala.runtime.BoxedUnit.UNIT, ec);
            return NOTHING;
        }
        return p.transform((scala.Function1<Try<Object>, Try<Object>>) result -> result, ec);
    }

    /**
     * {@code promise.zipWith(that, f, executor)} starts ({@code zip}, {@code Future.sequence},
     * {@code traverse}): Scala looks at the future itself and, complete, registers one callback,
     * on {@code that}, or none for a failure; not complete, one on each. In a context whose reads
     * are recorded, whether it was complete is answered as recorded; answered not complete, the
     * incomplete way is taken here, whatever the future is by now ({@link ZippedFutures}), also in
     * any other context, for the zipped result's resolver: returns the zipped future then; null
     * lets zipWith run.
     */
    private static Object zipWith(Object promise, Object that, Object f, Object executor) {
        try {
            AgentThread t = SharedReads.ownContext();
            DefaultPromise<Object> p = (DefaultPromise<Object>) promise;
            boolean complete = t == null ? isComplete(p) : completed(t, FUTURE_COMPLETED, p, isComplete(p));
            // complete (as recorded, and waited for in replay): zipWith goes the complete way itself
            return complete ? null : ZippedFutures.zip(p, that, f, executor);
        } catch (ReplayDivergence d) {
            throw d;
        } catch (Throwable e) {
            AgentLog.internalError("recording a future's zipWith", e);
            return null;
        }
    }

    private static boolean completed(AgentThread t, String name, DefaultPromise<?> promise, boolean live) {
        return SharedReads.doneAnswer(t, name, live, () -> isComplete(promise));
    }

    /** Whether {@code future} (a Scala {@code DefaultPromise}) is complete, read without asking it (not recorded). */
    public static boolean isComplete(Object future) {
        return ((DefaultPromise<?>) future).get() instanceof Try;
    }

    private static Field transformationField(String name) {
        try {
            Field f = Promise.Transformation.class.getDeclaredField(name);
            f.setAccessible(true);
            return f;
        } catch (ReflectiveOperationException e) {
            throw new IllegalStateException("Scala's Promise.Transformation has no " + name + " field", e);
        }
    }
}
