package dev.reprise.agent.context;

import akka.actor.Cancellable;
import java.lang.reflect.Field;

/**
 * Akka's fixed-rate and fixed-delay tasks ({@code Scheduler.scheduleAtFixedRate} and
 * {@code scheduleWithFixedDelay}, which the {@code Timers} trait uses too): each firing is a
 * one-shot task that sends, then arms the next firing unless the periodic timer it belongs to (its
 * enclosing {@link Cancellable}, a Scala {@code $outer}) is cancelled by then.
 */
public final class PeriodicTasks {
    private static final ClassValue<Field> OUTER = new ClassValue<>() {
        @Override
        protected Field computeValue(Class<?> type) {
            try {
                Field f = type.getDeclaredField("$outer");
                if (!Cancellable.class.isAssignableFrom(f.getType())) {
                    return null;
                }
                f.setAccessible(true);
                return f;
            } catch (NoSuchFieldException | RuntimeException e) {
                return null; // not a periodic task's firing, or one this Akka does not open
            }
        }
    };

    private PeriodicTasks() {}

    /** The periodic timer whose firing {@code task} is, or null if it is no periodic task's firing. */
    public static Cancellable timerOf(Runnable task) {
        Field outer = OUTER.get(task.getClass());
        if (outer == null) {
            return null;
        }
        try {
            return (Cancellable) outer.get(task);
        } catch (IllegalAccessException e) {
            return null;
        }
    }
}
