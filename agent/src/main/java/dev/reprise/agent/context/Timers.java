package dev.reprise.agent.context;

import akka.actor.Scheduler;
import dev.reprise.agent.Agent;
import dev.reprise.agent.actor.Creations;
import dev.reprise.agent.actor.Tag;
import dev.reprise.agent.health.AgentLog;
import dev.reprise.agent.replay.ReplayTimers;
import dev.reprise.trace.CreationKind;
import scala.concurrent.duration.FiniteDuration;

/**
 * Scheduled tasks (scheduleOnce, fixed rate and delay, Timers, receive timeouts, ask timeouts):
 * each timer is a pseudo-actor created by whoever set it, and the messages it sends when it fires
 * are promise messages from its owner resolved by the timer, so replay can fire it on demand.
 */
public final class Timers {
    private Timers() {}

    /** The scheduler is given {@code task}; returns the task to schedule instead. */
    public static Runnable schedule(Runnable task) {
        try {
            if (task == null
                    || task instanceof Scheduler.TaskRunOnClose
                    || task instanceof TimerTask
                    || task instanceof ReplayTimers.Arming) {
                return task; // never wrap TaskRunOnClose: the scheduler's close must still recognise it
            }
            AgentThread t = AgentThread.current();
            boolean rearmed = t.sends != null && t.sends.timer; // a periodic timer re-arming itself is the same timer
            Tag fires = rearmed ? t.sends : Tag.timer(t.ownerId(), Creations.newId(t, CreationKind.TIMER));
            return Agent.mode.timer(new TimerTask(task, fires, t.asking && !rearmed), fires, rearmed);
        } catch (dev.reprise.replay.ReplayDivergence d) {
            throw d;
        } catch (Throwable e) {
            AgentLog.internalError("recording a timer", e);
            return task;
        }
    }

    /** The scheduler is to run a task after {@code delay}; returns the delay to use instead ({@link Mode#timerDelay}). */
    public static FiniteDuration delay(FiniteDuration delay) {
        try {
            return delay == null ? null : Agent.mode.timerDelay(delay);
        } catch (Throwable e) {
            AgentLog.internalError("perturbing a timer", e);
            return delay;
        }
    }

    /** The scheduler accepted {@code task} (what {@link #schedule} returned) and returned {@code handle}. */
    public static void scheduled(Runnable task, Object handle) {
        try {
            Agent.mode.timerScheduled(task, handle);
        } catch (Throwable e) {
            AgentLog.internalError("keeping a timer's handle", e);
        }
    }

    /** A scheduled task that runs with its timer's context. */
    public static final class TimerTask implements Runnable {
        private final Runnable task;
        private final Tag fires;
        /** The timeout of an ask: whether it completed the ask is recorded ({@link AskTimeouts}). */
        public final boolean askTimeout;

        public TimerTask(Runnable task, Tag fires, boolean askTimeout) {
            this.task = task;
            this.fires = fires;
            this.askTimeout = askTimeout;
        }

        @Override
        public void run() {
            Tag previous = ContextCallback.enter(fires, "a timer");
            try {
                if (askTimeout) {
                    AskTimeouts.run(task, fires);
                } else {
                    task.run();
                }
            } finally {
                ContextCallback.exit(previous, "a timer");
            }
        }

        /** The task the scheduler was given. */
        public Runnable scheduled() {
            return task;
        }

        @Override
        public String toString() {
            return task.toString();
        }
    }
}
