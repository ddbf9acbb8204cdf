package dev.reprise.tide.runtime;

import com.oracle.truffle.api.CallTarget;
import com.oracle.truffle.api.CompilerDirectives.TruffleBoundary;
import com.oracle.truffle.api.exception.AbstractTruffleException;
import dev.reprise.tide.language.TideContext;
import dev.reprise.tide.language.TideError;
import dev.reprise.tide.language.TideLanguage;
import dev.reprise.tide.trace.TideDivergence;
import dev.reprise.tide.trace.TraceMode;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.ScheduledThreadPoolExecutor;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.locks.LockSupport;

/**
 * Runs one program's actors on a small pool of worker threads. An actor with messages is queued
 * once; the worker that takes it processes its messages one at a time in arrival order (in
 * replay: in recorded order), so no actor ever runs on two threads at once. The program ends when
 * no message is left anywhere and no timer is pending, or when a turn raises an error that
 * nothing catches (in replay: once every other actor has caught up with it, see {@link
 * TraceMode#turnFailed}).
 */
public final class ActorSystem {
    // A worker processes at most this many messages of one actor before letting others run.
    private static final int BATCH = 64;
    /**
     * For tests of record and replay: a worker pauses for a random few microseconds before some
     * messages, so runs interleave differently. Off (and compiled away) unless the system
     * property is true.
     */
    private static final boolean PERTURB = Boolean.getBoolean("tide.perturbSchedule");

    private final TideLanguage language;
    private final TideContext context;
    private final CallTarget processor;
    private final int workerCount;
    private final TraceMode mode;
    private final Actor stop;
    private final LinkedBlockingQueue<Actor> ready = new LinkedBlockingQueue<>();
    // Messages sent and not yet processed; reaching 0 means nothing can happen any more.
    private final AtomicLong pending = new AtomicLong();
    // Workers holding an actor (from taking it off the ready queue until it is back or idle).
    private final AtomicInteger busy = new AtomicInteger();
    private final CountDownLatch finished = new CountDownLatch(1);
    private volatile Throwable failure; // written under this
    // Fires the timers of after(ms): made at the first timer, stopped with the run; guarded by this.
    private ScheduledThreadPoolExecutor timers;
    private boolean timersStopped;

    /**
     * A system whose messages are processed by calling processor with the message.
     *
     * @param workers the number of worker threads
     * @param mode untraced, recording or replaying: chosen for the whole run
     */
    public ActorSystem(TideLanguage language, TideContext context, CallTarget processor, int workers, TraceMode mode) {
        this.language = language;
        this.context = context;
        this.processor = processor;
        this.workerCount = workers;
        this.mode = mode;
        this.stop = new Actor(this, -1, "stop", null, 0, a -> Mailbox.fifo(), null, false);
    }

    /** How this run is traced. */
    public TraceMode mode() {
        return mode;
    }

    /** Runs the main actor's body, then every message, until none is left or one fails. */
    @TruffleBoundary
    public void run(ActorDecl main) {
        try {
            createActor(main, null, new Object[0]);
            List<Thread> workers = new ArrayList<>();
            for (int i = 0; i < workerCount; i++) {
                Thread worker =
                        context.env().newTruffleThreadBuilder(this::work).build();
                worker.setName("tide-worker-" + i);
                workers.add(worker);
                worker.start();
            }
            try {
                Throwable stuck = mode.awaitEnd(finished, this::quiescent);
                if (stuck != null) {
                    fail(stuck);
                }
                stopTimers();
                for (int i = 0; i < workerCount; i++) {
                    ready.add(stop);
                }
                for (Thread worker : workers) {
                    worker.join();
                }
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new TideError("interrupted while running actors");
            }
            if (failure == null) {
                mode.ended();
            }
        } catch (RuntimeException e) {
            fail(e);
        }
        rethrowFailure(); // the trace stays open: the context closes it
    }

    /** Creates an actor of the declaration and queues its body as its first message. */
    @TruffleBoundary
    public Actor createActor(ActorDecl decl, Actor creator, Object[] arguments) {
        int childNumber = creator == null ? 0 : creator.nextChildNumber();
        int id = mode.newActorId(creator);
        Actor actor = new Actor(
                this,
                id,
                decl.name(),
                creator,
                childNumber,
                mode::mailbox,
                mode.actorRecord(id),
                mode.tracesCallbacks());
        send(new CreationMessage(actor, creator, decl.bodyClosure(), arguments));
        return actor;
    }

    /**
     * {@code after(millis)} in {@code owner}'s turn: sets a timer (an id of its own, as in the
     * trace) and returns the promise it resolves with nil when it fires. The run does not end while
     * a timer is pending. A replay fires it at once: its firing is seen only through the callbacks
     * it sends, which the owners' mailboxes take in their recorded order.
     */
    @TruffleBoundary
    public Timer setTimer(Actor owner, long millis) {
        long id = mode.newTimerId(owner);
        Resolver resolver = new Resolver(new Promise(id));
        long delay = mode.timerDelay(millis);
        if (delay <= 0) {
            resolver.resolve(Nil.INSTANCE, id);
        } else {
            pending.incrementAndGet();
            schedule(
                    () -> {
                        try {
                            resolver.resolve(Nil.INSTANCE, id);
                        } finally {
                            done();
                        }
                    },
                    delay);
        }
        return new Timer(id, resolver.promise());
    }

    /** A timer that {@link #setTimer} set: its id, and the promise its firing resolves. */
    public record Timer(long id, Promise promise) {}

    // Runs fire after delay ms, unless the run is over: a turn still running then sets a timer that never fires.
    private synchronized void schedule(Runnable fire, long delay) {
        if (timersStopped) {
            return;
        }
        if (timers == null) {
            timers = new ScheduledThreadPoolExecutor(1, task -> {
                Thread thread = new Thread(task, "tide-timers");
                thread.setDaemon(true);
                return thread;
            });
        }
        timers.schedule(fire, delay, TimeUnit.MILLISECONDS);
    }

    // The run is over (or failed): pending timers never fire.
    private synchronized void stopTimers() {
        timersStopped = true;
        if (timers != null) {
            timers.shutdownNow();
        }
    }

    /** Puts the message in its target's mailbox, scheduling the target if it was idle. */
    @TruffleBoundary
    public void send(Message message) {
        pending.incrementAndGet();
        Actor target = message.target();
        if (target.enqueue(message)) {
            ready.add(target);
        }
    }

    /**
     * True when no worker holds an actor and none is ready: nothing runs, though messages may
     * wait (in replay, held for a turn that does not come). A worker that has just taken an
     * actor may not be counted yet, so a caller looks twice.
     */
    private boolean quiescent() {
        return busy.get() == 0 && ready.isEmpty();
    }

    private void work() {
        Turn turn = language.turn();
        mode.workerStarted(turn);
        while (true) {
            Actor actor = ready.poll();
            try {
                if (actor == null) {
                    // A waiting worker keeps its trace buffer: handing it over here would cost a
                    // tiny chunk per wait (per message in ping-pong); the writer takes over the
                    // buffer of a thread that has waited for two flush intervals.
                    actor = ready.take();
                }
            } catch (InterruptedException e) {
                return;
            }
            if (actor == stop) {
                mode.workerStopped(turn);
                return;
            }
            busy.incrementAndGet();
            turn.setActor(actor);
            boolean drained = false;
            try {
                for (int i = 0; i < BATCH && !drained; i++) {
                    Message message = actor.dequeue();
                    drained = message == null;
                    if (!drained) {
                        process(turn, message);
                    }
                }
            } catch (RuntimeException e) {
                fail(e); // a replay that diverged when choosing the next message
                drained = true;
            }
            turn.setActor(null);
            if (!drained) {
                ready.add(actor);
            }
            busy.decrementAndGet();
        }
    }

    private void process(Turn turn, Message message) {
        if (PERTURB && ThreadLocalRandom.current().nextInt(4) == 0) {
            LockSupport.parkNanos(ThreadLocalRandom.current().nextInt(50_000));
        }
        try {
            if (failure == null) {
                processor.call(message);
            }
        } catch (TideDivergence e) {
            fail(e); // the replay went another way: not the program's error
        } catch (RuntimeException | StackOverflowError e) {
            turnFailed(turn, e);
        } finally {
            done();
        }
    }

    // A message was processed or a timer fired: when nothing is left, the run is over.
    private void done() {
        if (pending.decrementAndGet() == 0) {
            finished.countDown();
        }
    }

    // The turn on this worker raised an error that nothing caught: the trace mode says when it ends the run.
    private synchronized void turnFailed(Turn turn, Throwable raised) {
        TideError error = TideError.inTurnOf(turn.actor().description(), raised);
        Throwable ends = mode.turnFailed(turn, error, failure == null);
        if (ends != null) {
            fail(ends);
        }
    }

    private synchronized void fail(Throwable error) {
        if (failure == null) {
            failure = error;
        }
        finished.countDown();
    }

    private void rethrowFailure() {
        Throwable error = failure;
        if (error instanceof AbstractTruffleException guestError) {
            throw guestError;
        }
        if (error != null) {
            throw new TideError("actor failed: " + error);
        }
    }
}
