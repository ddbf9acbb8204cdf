package dev.reprise.agent.context;

import dev.reprise.agent.Agent;
import dev.reprise.agent.health.AgentLog;
import dev.reprise.api.Codec;
import dev.reprise.api.ExternalSource;
import dev.reprise.api.Reprise;
import dev.reprise.api.spi.Backend;
import dev.reprise.boot.SystemCallHooks;
import dev.reprise.replay.ReplayDivergence;
import java.nio.ByteBuffer;
import java.time.Instant;
import java.util.function.LongSupplier;
import java.util.function.Supplier;

/**
 * The clock and random generators, at their source in the JDK ({@link SystemCallHooks}): during an
 * actor's turn each result is recorded as a system call of that actor, or in replay replaced with
 * the recorded one; outside any turn, and inside another hooked call (the JDK's own implementation
 * of a call, the recorder, the replay reading its trace), calls go straight through. A failure
 * here is an internal error: the call keeps its live result and the application goes on.
 */
public final class SystemCalls extends SystemCallHooks.Handler {
    private static final String[] NAMES = new String[SystemCallHooks.CALLS];

    static {
        NAMES[SystemCallHooks.RANDOM_NEXT] = "Random.next(bits)";
        NAMES[SystemCallHooks.THREAD_LOCAL_RANDOM_SEED] = "ThreadLocalRandom.nextSeed()";
        NAMES[SystemCallHooks.SPLITTABLE_RANDOM_SEED] = "SplittableRandom.nextSeed()";
        NAMES[SystemCallHooks.SECURE_RANDOM_BYTES] = "SecureRandom.nextBytes(byte[])";
        NAMES[SystemCallHooks.SECURE_RANDOM_SEED] = "SecureRandom.generateSeed(int)";
        NAMES[SystemCallHooks.CLOCK_INSTANT] = "Clock.currentInstant()";
        NAMES[SystemCallHooks.CLOCK_MILLIS] = "Clock.millis()";
        NAMES[SystemCallHooks.GENERATOR_LONG] = "RandomGenerator.nextLong()";
        NAMES[SystemCallHooks.GENERATOR_INT] = "RandomGenerator.nextInt()";
        NAMES[SystemCallHooks.DATE_NOW] = "new Date()";
        NAMES[SystemCallHooks.CALENDAR_NOW] = "new GregorianCalendar()";
        NAMES[SystemCallHooks.CURRENT_TIME_MILLIS] = "System.currentTimeMillis()";
        NAMES[SystemCallHooks.NANO_TIME] = "System.nanoTime()";
    }

    static final SystemCalls INSTANCE = new SystemCalls();

    /**
     * Where the agent has copies in several class loaders ({@link AgentCopy}): per thread, how many
     * of their pauses are in force. Each copy pauses for its own Akka's code, which the other copies
     * cannot tell from the program's; a call made under any copy's pause is recorded by none. Null
     * for the agent with Akka on the class path.
     */
    private static volatile ThreadLocal<int[]> pausesOfCopies;

    private SystemCalls() {}

    /**
     * Starts recording the clock and random generators: the JDK's classes call this handler from
     * now on. Only once the bridge is on the bootstrap class path (this class extends its handler).
     */
    public static void install() {
        Mode m = Agent.mode;
        if (m != null && m.copy.inLoader()) {
            pausesOfCopies = m.copy.shared("systemCalls.pauses", () -> ThreadLocal.withInitial(() -> new int[1]));
        }
        if (BootstrapBridge.ready(SystemCallHooks.class, "the clock and random hooks")) {
            SystemCallHooks.add(INSTANCE);
        }
    }

    /**
     * Akka's and the agent's own code running in a turn, whose clock and random calls are not the
     * application's: they are not recorded until {@link #resume}. Returns what to pass to it.
     */
    public static Object pause() {
        try {
            AgentThread t = AgentThread.peek();
            if (t == null || !recordsCalls(t)) {
                return null;
            }
            t.hooked++;
            ThreadLocal<int[]> copies = pausesOfCopies;
            if (copies != null) {
                copies.get()[0]++;
            }
            return t;
        } catch (Throwable e) {
            AgentLog.internalError("pausing the clock and random hooks", e);
            return null;
        }
    }

    public static void resume(Object paused) {
        if (paused != null) {
            ((AgentThread) paused).hooked--;
            ThreadLocal<int[]> copies = pausesOfCopies;
            if (copies != null) {
                copies.get()[0]--;
            }
        }
    }

    /** Whether {@code t}'s calls are recorded now: its own, and no copy of the agent paused them. */
    static boolean recordsCalls(AgentThread t) {
        ThreadLocal<int[]> copies = pausesOfCopies;
        return t.recordsCalls() && (copies == null || copies.get()[0] == 0);
    }

    /**
     * {@code backend} with the clock and random hooks paused while an application's own system
     * call ({@code Reprise.systemCall}) runs: only its result is recorded, not the calls inside it.
     */
    public static Backend unhooked(Backend backend) {
        return new Backend() {
            @Override
            public Reprise.Mode mode() {
                return backend.mode();
            }

            @Override
            public <T> T systemCall(Supplier<T> call, Codec<T> codec) {
                return backend.systemCall(
                        () -> {
                            Object paused = pause();
                            try {
                                return call.get();
                            } finally {
                                resume(paused);
                            }
                        },
                        codec);
            }

            @Override
            public long systemCallLong(LongSupplier call) {
                return backend.systemCallLong(() -> {
                    Object paused = pause();
                    try {
                        return call.getAsLong();
                    } finally {
                        resume(paused);
                    }
                });
            }

            @Override
            public long registerSource(String name) {
                return backend.registerSource(name);
            }

            @Override
            public void deliver(ExternalSource source, int eventType, Runnable delivery) {
                backend.deliver(source, eventType, delivery);
            }
        };
    }

    /** The name of a hooked call, as divergence reports give it. */
    static String name(int call) {
        return call >= 0 && call < NAMES.length ? NAMES[call] : "call " + call;
    }

    @Override
    public void enter() {
        try {
            AgentThread t = AgentThread.peek();
            if (t != null && recordsCalls(t)) {
                t.hooked++;
            }
        } catch (Throwable e) {
            AgentLog.internalError("entering a clock or random call", e);
        }
    }

    /** The thread if the call now returning is the outermost of an actor's turn (then no longer inside), else null. */
    private static AgentThread outermost() {
        try {
            AgentThread t = AgentThread.peek();
            if (t == null || !recordsCalls(t)) {
                return null;
            }
            return --t.hooked == 0 ? t : null;
        } catch (Throwable e) {
            AgentLog.internalError("leaving a clock or random call", e);
            return null;
        }
    }

    @Override
    public long exitLong(int call, long value) {
        AgentThread t = outermost();
        byte[] recorded = t == null ? null : recordOrReplay(t, call, Codec.Builtin.longBytes(value));
        return recorded != null ? Codec.Builtin.bytesLong(recorded) : value;
    }

    @Override
    public void exitBytes(int call, byte[] bytes) {
        AgentThread t = outermost(); // always: it leaves the hooked call
        byte[] recorded = t == null || bytes == null ? null : recordOrReplay(t, call, bytes.clone());
        if (recorded != null) {
            System.arraycopy(recorded, 0, bytes, 0, bytes.length); // as long: the replay checks it
        }
    }

    @Override
    public Instant exitInstant(int call, Instant instant) {
        AgentThread t = outermost(); // always: it leaves the hooked call
        byte[] recorded = t == null || instant == null ? null : recordOrReplay(t, call, bytes(instant));
        return recorded != null ? instant(recorded) : instant;
    }

    /**
     * The outermost hooked call of {@code t}'s turn returns {@code live}: records it, or in replay
     * returns the recorded result (null: keep the live one, also after an internal failure). What
     * the recorder or the replay do meanwhile is not recorded.
     */
    private static byte[] recordOrReplay(AgentThread t, int call, byte[] live) {
        return recordOrReplay(t, name(call), live);
    }

    /** {@link #recordOrReplay(AgentThread, int, byte[])} for a call named {@code name}. */
    static byte[] recordOrReplay(AgentThread t, String name, byte[] live) {
        t.hooked++;
        try {
            return Agent.mode.systemCall(t, name, live);
        } catch (ReplayDivergence d) {
            throw d;
        } catch (Throwable e) {
            AgentLog.internalError("recording " + name, e);
            return null;
        } finally {
            t.hooked--;
        }
    }

    /** An instant as the trace keeps it: seconds (8 bytes) and nanoseconds (4 bytes), big-endian. */
    static byte[] bytes(Instant v) {
        return ByteBuffer.allocate(12)
                .putLong(v.getEpochSecond())
                .putInt(v.getNano())
                .array();
    }

    static Instant instant(byte[] b) {
        ByteBuffer buf = ByteBuffer.wrap(b);
        return Instant.ofEpochSecond(buf.getLong(), buf.getInt());
    }
}
