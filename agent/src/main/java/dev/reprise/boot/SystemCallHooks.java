package dev.reprise.boot;

import java.time.Instant;
import java.util.Calendar;

/**
 * The bridge between the JDK's clock and random generators and the agent. The agent defines this
 * class (and its handler type) in the bootstrap class loader, so code woven into
 * {@code java.util.Random}, {@code ThreadLocalRandom}, {@code SecureRandom}, {@code java.time.Clock}
 * and the like can call it, and so can application classes of any class loader. It knows nothing
 * of Reprise: while no {@link Handler} is set every call goes straight through, and a handler
 * never throws (except to stop a replay that diverged).
 *
 * <p>A hooked method calls {@link #enter()} first and passes its result through an {@code exit}
 * method at each return. Only the outermost hooked call of an actor's turn is recorded (or in
 * replay, replaced with the recorded result): calls made by the JDK's own implementation of a
 * hooked call, by the recorder or by the replay are not. A hooked call that throws leaves the
 * thread "inside" until the turn ends, so the rest of that turn is not recorded, the same way in
 * record and in replay.
 */
public final class SystemCallHooks {
    /** {@code java.util.Random.next(int)}: the core of Random and of subclasses that keep it. */
    public static final int RANDOM_NEXT = 0;
    /** {@code ThreadLocalRandom.nextSeed()}. */
    public static final int THREAD_LOCAL_RANDOM_SEED = 1;
    /** {@code SplittableRandom.nextSeed()}. */
    public static final int SPLITTABLE_RANDOM_SEED = 2;
    /** {@code SecureRandom.nextBytes} (also {@code UUID.randomUUID}, {@code SecureRandom.next}). */
    public static final int SECURE_RANDOM_BYTES = 3;
    /** {@code SecureRandom.generateSeed(int)}. */
    public static final int SECURE_RANDOM_SEED = 4;
    /** {@code java.time.Clock.currentInstant()} and the system clocks' {@code instant()}: {@code Instant.now()}, {@code LocalDateTime.now()}... */
    public static final int CLOCK_INSTANT = 5;
    /** {@code millis()} of the system clock and instant source. */
    public static final int CLOCK_MILLIS = 6;
    /** {@code nextLong()} of the {@code RandomGenerator} algorithms ({@code RandomGenerator.of}, {@code getDefault}). */
    public static final int GENERATOR_LONG = 7;
    /** {@code nextInt()} of a {@code RandomGenerator} algorithm that has its own. */
    public static final int GENERATOR_INT = 8;
    /** {@code new java.util.Date()}. */
    public static final int DATE_NOW = 9;
    /** {@code new GregorianCalendar()}, {@code Calendar.getInstance()}: the current time. */
    public static final int CALENDAR_NOW = 10;
    /** {@code System.currentTimeMillis()} at a call site in an application class. */
    public static final int CURRENT_TIME_MILLIS = 11;
    /** {@code System.nanoTime()} at a call site in an application class. */
    public static final int NANO_TIME = 12;
    /** How many kinds of call there are. */
    public static final int CALLS = 13;

    /**
     * What the agent does with the calls; null until the agent is ready. Static: the JDK's own
     * classes call this class from the bootstrap class loader, where nothing else of the agent is.
     */
    public static volatile Handler handler;

    private SystemCallHooks() {}

    /**
     * Makes {@code h} handle the calls; when another handler does already (the agent's copy in another
     * class loader, which records another actor system), both do, each seeing what the one before
     * returned. Adding a handler twice changes nothing.
     */
    public static synchronized void add(Handler h) {
        Handler now = handler;
        handler = now == null ? h : now.has(h) ? now : new Both(now, h);
    }

    /** The agent's side. Implementations catch their own failures. */
    public abstract static class Handler {
        /** A hooked call starts. */
        public abstract void enter();

        /** A hooked call whose result fits a long returns {@code value}: the result to return. */
        public abstract long exitLong(int call, long value);

        /** A hooked call filled {@code bytes}: recorded, or overwritten with the recorded bytes in replay. */
        public abstract void exitBytes(int call, byte[] bytes);

        /** A hooked call returns {@code instant}: the instant to return. */
        public abstract Instant exitInstant(int call, Instant instant);

        boolean has(Handler h) {
            return this == h;
        }
    }

    /** Two handlers: the first's result passes through the second. */
    private static final class Both extends Handler {
        private final Handler first;
        private final Handler then;

        Both(Handler first, Handler then) {
            this.first = first;
            this.then = then;
        }

        @Override
        boolean has(Handler h) {
            return first.has(h) || then.has(h);
        }

        @Override
        public void enter() {
            first.enter();
            then.enter();
        }

        @Override
        public long exitLong(int call, long value) {
            return then.exitLong(call, first.exitLong(call, value));
        }

        @Override
        public void exitBytes(int call, byte[] bytes) {
            first.exitBytes(call, bytes);
            then.exitBytes(call, bytes);
        }

        @Override
        public Instant exitInstant(int call, Instant instant) {
            return then.exitInstant(call, first.exitInstant(call, instant));
        }
    }

    public static void enter() {
        Handler h = handler;
        if (h != null) {
            h.enter();
        }
    }

    public static int exitInt(int value, int call) {
        Handler h = handler;
        return h == null ? value : (int) h.exitLong(call, value);
    }

    public static long exitLong(long value, int call) {
        Handler h = handler;
        return h == null ? value : h.exitLong(call, value);
    }

    public static void exitBytes(byte[] bytes, int call) {
        Handler h = handler;
        if (h != null) {
            h.exitBytes(call, bytes);
        }
    }

    public static Instant exitInstant(Instant instant, int call) {
        Handler h = handler;
        return h == null ? instant : h.exitInstant(call, instant);
    }

    /**
     * A call whose live result is already known and that makes no hooked call inside: the result
     * to use. For constructors ({@code new Date()}) and the application's call sites.
     */
    public static long value(int call, long value) {
        Handler h = handler;
        if (h == null) {
            return value;
        }
        h.enter();
        return h.exitLong(call, value);
    }

    /** A calendar made for the current time ({@code new GregorianCalendar()}) gets the recorded time in replay. */
    public static void calendarNow(Calendar calendar) {
        Handler h = handler;
        if (h == null) {
            return;
        }
        h.enter();
        long live = calendar.getTimeInMillis();
        long v = h.exitLong(CALENDAR_NOW, live);
        if (v != live) {
            calendar.setTimeInMillis(v);
        }
    }

    /** {@code Calendar.getInstance()} returns {@code calendar}, made for the current time. */
    public static void exitCalendar(Calendar calendar, int call) {
        Handler h = handler;
        if (h == null || calendar == null) {
            return;
        }
        long live = calendar.getTimeInMillis();
        long v = h.exitLong(call, live);
        if (v != live) {
            calendar.setTimeInMillis(v);
        }
    }

    /** What {@code System.currentTimeMillis()} in an application class is replaced with. */
    public static long currentTimeMillis() {
        return value(CURRENT_TIME_MILLIS, System.currentTimeMillis());
    }

    /** What {@code System.nanoTime()} in an application class is replaced with. */
    public static long nanoTime() {
        return value(NANO_TIME, System.nanoTime());
    }
}
