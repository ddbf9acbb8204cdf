package dev.reprise.tide.trace;

import com.oracle.truffle.api.CompilerDirectives.TruffleBoundary;
import dev.reprise.runtime.ActorRecord;
import dev.reprise.tide.language.TideContext;
import dev.reprise.tide.language.TideError;
import dev.reprise.tide.runtime.Actor;
import dev.reprise.tide.runtime.Mailbox;
import dev.reprise.tide.runtime.Resolver;
import dev.reprise.tide.runtime.Turn;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.BooleanSupplier;

/**
 * How one run of a program is traced: not at all, recorded, or replayed. Chosen once per run from
 * the context's options ({@code tide.Record}, {@code tide.Replay}); the actor system and the
 * builtins call it at the points where the modes differ, and never ask which mode they are in.
 * The recording of processed messages, creations and system calls is done by the tracing nodes
 * instead ({@link RecordMessageNode} and its siblings), guarded by an assumption that costs
 * nothing while no context records.
 *
 * <p>This class is the untraced run: arrival-order mailboxes, ids in creation order, the real
 * clock, random numbers and input.
 */
public class TraceMode {
    /** The first run's main actor's id; the trace's sender 0 means "nobody" (a main actor's body). */
    public static final int MAIN_ACTOR = 1;

    protected final TideContext context;
    private final AtomicInteger nextId = new AtomicInteger(MAIN_ACTOR);

    TraceMode(TideContext context) {
        this.context = context;
    }

    /** A run that is neither recorded nor replayed. */
    public static TraceMode untraced(TideContext context) {
        return new TraceMode(context);
    }

    /**
     * The id of an actor {@code creator} creates now (null: a run's main actor). Ids go on across
     * the runs of a context, as its trace does: a second run's main actor follows the first run's actors.
     */
    public int newActorId(Actor creator) {
        return nextId.getAndIncrement();
    }

    /**
     * The id of a timer {@code owner} sets now ({@code after}): timers take ids from the actors'
     * sequence, as the trace's creations of timers do.
     */
    public long newTimerId(Actor owner) {
        return nextId.getAndIncrement();
    }

    /** How long after it is set a timer of {@code millis} fires: as set, unless a replay says otherwise. */
    public long timerDelay(long millis) {
        return millis;
    }

    /** The mailbox of {@code actor}, being created. */
    public Mailbox mailbox(Actor actor) {
        return Mailbox.fifo();
    }

    /** Whether actors keep their callbacks' registrations, which a recording traces and a replay follows. */
    public boolean tracesCallbacks() {
        return false;
    }

    /** The recorder's state for the new actor {@code id}, or null when the run does not record. */
    public ActorRecord actorRecord(int id) {
        return null;
    }

    /** A worker thread starts: {@code turn} is its state. */
    public void workerStarted(Turn turn) {}

    /** The worker whose state is {@code turn} stops: it records nothing more. */
    public void workerStopped(Turn turn) {}

    /**
     * Waits until the run has {@code finished}; returns why it cannot finish (a replay that makes
     * no progress), or null. {@code quiescent} says whether nothing runs now.
     */
    public Throwable awaitEnd(CountDownLatch finished, BooleanSupplier quiescent) throws InterruptedException {
        finished.await();
        return null;
    }

    /**
     * The turn of {@code turn}'s actor raised {@code error}, which nothing caught; {@code first}:
     * no other has. Returns what ends the run now (the error), or null when the run goes on for
     * now (a replay, until the others catch up with the recorded failure).
     */
    public Throwable turnFailed(Turn turn, TideError error, boolean first) {
        return error;
    }

    /** Every message was processed and nothing failed: a replay checks that the trace was used up. */
    public void ended() {}

    /** The context is closed, however its runs ended: a recording ends its trace. */
    public void close() {}

    /** {@code time()} in {@code actor}'s turn. */
    @TruffleBoundary
    public long time(Actor actor) {
        return System.currentTimeMillis();
    }

    /** {@code random(bound)} in {@code actor}'s turn. */
    @TruffleBoundary
    public long random(Actor actor, long bound) {
        return context.nextRandom(bound);
    }

    /**
     * {@code print(line)} in {@code actor}'s turn: prints it; returns its number in the program's
     * output. Actors on different threads print in a racy order: the recording keeps the numbers.
     */
    @TruffleBoundary
    public long print(Actor actor, String line) {
        return context.println(line);
    }

    /** {@code readLine()} in {@code actor}'s turn: a line, or null at the end of the input. */
    @TruffleBoundary
    public String readLine(Actor actor) {
        return context.readLine();
    }

    /**
     * {@code resolve(resolver, value)} in {@code actor}'s turn: whether this call resolved the
     * promise. Racers to resolve one promise make this a nondeterministic call.
     */
    @TruffleBoundary
    public boolean resolve(Actor actor, Resolver resolver, Object value) {
        return resolver.resolve(value, actor);
    }
}
