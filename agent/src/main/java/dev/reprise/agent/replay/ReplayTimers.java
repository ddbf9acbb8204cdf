package dev.reprise.agent.replay;

import akka.actor.Cancellable;
import dev.reprise.agent.context.AskTimeouts;
import dev.reprise.agent.context.PeriodicTasks;
import dev.reprise.agent.context.Timers;
import dev.reprise.agent.health.AgentLog;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * Timers in replay fire when the trace expects their message, not when the scheduler says. Each
 * arming of a timer runs at most once: when the trace asks for it, or, for a timer's first arming
 * only, at its due time if the trace has not asked by then (a timer whose firing sends nothing the
 * trace can ask for, such as a dispatcher's shutdown or a scheduled {@code system.terminate()},
 * must still run). A periodic timer's later armings run only when the trace asks, so its ticks
 * never pile up in a mailbox; past the end of its owner's recording with {@code end=live} they run
 * live. An ask's timeout runs only if the recording's completed the ask ({@link AskTimeouts}). A
 * timer is kept from when it is armed until it runs or is cancelled, so a program that sets
 * millions of timers replays in the memory of those pending at once.
 *
 * <p>A periodic timer cancelled while its ticks queue up: in the recording, the scheduler may have
 * fired it again before the cancel, and each such stale tick is a recorded turn. In replay the
 * tick the cancel came after was fired on demand, and the cancel may come before that firing arms
 * the next one; so a periodic firing that armed nothing stays ready to run again ({@link
 * #keepForStaleTicks}), as the recording's next firing would have: it sends the same tick and,
 * the timer being cancelled, arms nothing.
 */
public final class ReplayTimers {
    /** Below this many kept timers, cancelled ones are not looked for. */
    private static final int SWEEP_FLOOR = 1024;

    private final ReplayMode mode;
    private final Map<Long, Arming> timers = new ConcurrentHashMap<>();
    private final ExecutorService runner = Executors.newSingleThreadExecutor(r -> {
        Thread t = new Thread(r, "reprise-replay-timers");
        t.setDaemon(true);
        return t;
    });
    private volatile int sweepAt = SWEEP_FLOOR;
    private volatile int keptAtMost;

    ReplayTimers(ReplayMode mode) {
        this.mode = mode;
    }

    /**
     * One arming of a timer: what the scheduler is given in its place. The scheduler runs it at
     * the due time; it runs the timer only if it may go live then ({@link ReplayTimers}).
     *
     * <p>Its state, and who moves it:
     *
     * <pre>
     * ARMED   -> RUNNING  the scheduler at the due time, or {@link #fire} (whichever comes first)
     * RUNNING -> ASKED    {@link #fire}: the trace asks for the timer's next firing meanwhile
     * RUNNING -> DONE     the thread that ran it, after its next arming (if any) is in place
     * ASKED   -> DONE     the same thread, which then fires the next arming
     * </pre>
     *
     * {@link #fire} that finds DONE looks again: the arming it found is already replaced. Without
     * ASKED and DONE, a request that came as the firing ended was lost, and the replay waited for a
     * tick that never came.
     */
    public final class Arming implements Runnable {
        private static final int ARMED = 0;
        private static final int RUNNING = 1;
        private static final int ASKED = 2;
        private static final int DONE = 3;

        private final long id;
        private final long owner;
        private final Timers.TimerTask task;
        private final boolean rearmed;
        private final AtomicInteger state = new AtomicInteger(ARMED);
        /** Kept after its periodic timer's firing armed nothing: runs only when the trace asks ({@link #keepForStaleTicks}). */
        private final Cancellable stalePeriodic;
        /** The scheduler's handle, to see a cancellation; null until the scheduler returned it. */
        private volatile Cancellable handle;
        /** Seen cancelled by the previous sweep: released by the next (in the recording it may have fired first). */
        private boolean seenCancelled;

        private Arming(long id, long owner, Timers.TimerTask task, boolean rearmed, Cancellable stalePeriodic) {
            this.id = id;
            this.owner = owner;
            this.task = task;
            this.rearmed = rearmed;
            this.stalePeriodic = stalePeriodic;
        }

        /** The scheduler's due time. */
        @Override
        public void run() {
            if (dueNow() && state.compareAndSet(ARMED, RUNNING)) {
                runNow();
            }
        }

        /** Whether it runs at its due time (else only when the trace asks for it). */
        private boolean dueNow() {
            if (task.askTimeout) {
                return mode.replay().firedInRecording(id) || mode.replay().goesOnLive(owner);
            }
            return !rearmed || mode.replay().goesOnLive(owner);
        }

        private void runNow() {
            try {
                task.run(); // a periodic timer arms its next firing in here
            } finally {
                if (!keepForStaleTicks(this)) {
                    release(this);
                }
                if (state.getAndSet(DONE) == ASKED) {
                    fire(id);
                }
            }
        }

        private boolean cancelled() {
            Cancellable h = stalePeriodic != null ? stalePeriodic : handle;
            return h != null && h.isCancelled() && state.get() == ARMED;
        }

        @Override
        public String toString() {
            return task.toString();
        }
    }

    /**
     * Timer {@code timerId} of {@code owner} is armed ({@code rearmed}: again, by its own periodic
     * firing); returns what the scheduler is to hold instead of {@code task}.
     */
    Runnable arm(long timerId, long owner, Timers.TimerTask task, boolean rearmed) {
        Arming a = new Arming(timerId, owner, task, rearmed, null);
        timers.put(timerId, a);
        mode.names.of(timerId, "timer");
        int kept = timers.size();
        if (kept > keptAtMost) {
            keptAtMost = kept;
        }
        if (kept >= sweepAt) {
            sweep();
        }
        return a;
    }

    /** The scheduler accepted {@code task} and returned {@code handle} (a Cancellable), for cancellations. */
    void scheduled(Runnable task, Object handle) {
        if (task instanceof Arming a && handle instanceof Cancellable c) {
            a.handle = c;
        }
    }

    /** Fires timer {@code id} now, as the trace expects its message; false if it is not armed. */
    boolean fire(long id) {
        Arming a = timers.get(id);
        while (a != null && !fire(a)) {
            Arming next = timers.get(id); // it ended: its next arming, if any, is in place
            a = next != a ? next : null;
        }
        return a != null;
    }

    /** Fires {@code a}, or asks for the next arming if it is running; false if it is already done. */
    private boolean fire(Arming a) {
        if (a.state.compareAndSet(Arming.ARMED, Arming.RUNNING)) {
            runner.execute(() -> {
                try {
                    if (a.task.askTimeout) {
                        mode.replay().firedInRecording(a.id); // asked for by the trace: its recorded firing is used up
                    }
                    a.runNow();
                } catch (Throwable e) {
                    AgentLog.internalError("firing a timer in replay", e);
                }
            });
            return true;
        }
        // a periodic timer's next arming comes when this one has run
        return a.state.compareAndSet(Arming.RUNNING, Arming.ASKED) || a.state.get() == Arming.ASKED;
    }

    /**
     * After {@code a} ran: if it is a periodic timer's firing that armed no next one (the timer was
     * cancelled first), a copy of it takes its place, which runs again only when the trace asks
     * for another tick (a stale one of the recording), and which the sweeps release like a
     * cancelled timer. False: {@code a} is to be released.
     */
    private boolean keepForStaleTicks(Arming a) {
        if (timers.get(a.id) != a || a.task.askTimeout) {
            return false; // it armed its next firing, or it is an ask's one timeout
        }
        Cancellable periodic = PeriodicTasks.timerOf(a.task.scheduled());
        return periodic != null
                && periodic.isCancelled()
                && timers.replace(a.id, a, new Arming(a.id, a.owner, a.task, true, periodic));
    }

    /** The replay ends: timers due later never run. */
    void close() {
        runner.shutdownNow();
    }

    /** The most timers kept at once so far. */
    int keptAtMost() {
        return keptAtMost;
    }

    private void release(Arming a) {
        if (timers.remove(a.id, a) && !timers.containsKey(a.id)) {
            mode.names.forget(a.id);
        }
    }

    /**
     * Drops cancelled timers, each one sweep after it was first seen cancelled: in the recording
     * it may have fired before it was cancelled, and the trace then still expects its message.
     * The next sweep comes once twice as many timers as are pending (or {@value #SWEEP_FLOOR}) have
     * been added: what a sweep scans is of that order, so its cost per timer is constant, and the
     * cancelled timers it keeps are at most one such interval's.
     */
    private synchronized void sweep() {
        if (timers.size() < sweepAt) {
            return;
        }
        int pending = 0;
        for (Arming a : timers.values()) {
            if (!a.cancelled()) {
                pending++;
            } else if (a.seenCancelled) {
                release(a);
            } else {
                a.seenCancelled = true;
            }
        }
        sweepAt = timers.size() + Math.max(SWEEP_FLOOR, 2 * pending);
    }
}
