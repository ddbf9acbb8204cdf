package dev.reprise.agent;

import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;

/**
 * Timers in replay still run when they are due, but their messages wait in the replay mailboxes
 * until the trace expects them; and when the trace expects a firing that has not happened (the
 * replay runs at another speed, or cancelled the timer first), the timer is fired at once.
 */
final class ReplayTimers {
    private static final Map<Integer, Timers.TimerTask> timers = new ConcurrentHashMap<>();
    private static final Set<Integer> firing = ConcurrentHashMap.newKeySet();
    private static final ExecutorService runner = Executors.newSingleThreadExecutor(r -> {
        Thread t = new Thread(r, "reprise-replay-timers");
        t.setDaemon(true);
        return t;
    });

    private ReplayTimers() {}

    static void register(int timerId, Timers.TimerTask task) {
        timers.put(timerId, task);
        Names.of(timerId, "timer");
    }

    /** Fires timer {@code id} now (once at a time); false if no such timer was set. */
    static boolean fire(int id) {
        Timers.TimerTask task = timers.get(id);
        if (task == null) {
            return false;
        }
        if (firing.add(id)) {
            runner.execute(() -> {
                try {
                    task.run();
                } catch (Throwable e) {
                    AgentLog.internalError("firing a timer in replay", e);
                } finally {
                    firing.remove(id);
                }
            });
        }
        return true;
    }
}
