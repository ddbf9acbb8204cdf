package dev.reprise.agent;

import dev.reprise.api.Codec;
import java.nio.ByteBuffer;
import java.time.Clock;
import java.time.Instant;
import java.util.UUID;
import java.util.function.LongSupplier;
import java.util.function.Supplier;
import java.util.random.RandomGenerator;

/**
 * What calls to the clock and random generators in application classes are replaced with. During
 * an actor's turn the result is recorded as a system call (recording) or is the recorded result
 * (replay, where the real call is not made); outside any turn the call simply goes through.
 */
public final class NondeterministicCalls {
    private NondeterministicCalls() {}

    /**
     * A call whose result fits a long (the trace keeps 8 bytes, little-endian), named {@code name}
     * in divergence reports. Also serves {@code Reprise.systemCallLong} in replay.
     */
    static long call(String name, LongSupplier live) {
        try {
            AgentThread t = AgentThread.current();
            if (t.current != null) {
                if (t.recorder == null) {
                    byte[] recorded = Agent.replay.expectSystemCall(t.current.id(), name);
                    return recorded != null ? Codec.Builtin.bytesLong(recorded) : live.getAsLong();
                }
                long value = live.getAsLong();
                t.recorder.systemCall(t.current.record, value);
                return value;
            }
        } catch (dev.reprise.replay.ReplayDivergence d) {
            throw d;
        } catch (Throwable e) {
            AgentLog.internalError("recording " + name, e);
        }
        return live.getAsLong();
    }

    /** A call whose result is some bytes (Instant, UUID, nextBytes). */
    private static byte[] callBytes(String name, Supplier<byte[]> live) {
        try {
            AgentThread t = AgentThread.current();
            if (t.current != null) {
                if (t.recorder == null) {
                    byte[] recorded = Agent.replay.expectSystemCall(t.current.id(), name);
                    return recorded != null ? recorded : live.get();
                }
                byte[] value = live.get();
                t.recorder.systemCall(t.current.record, value.clone());
                return value;
            }
        } catch (dev.reprise.replay.ReplayDivergence d) {
            throw d;
        } catch (Throwable e) {
            AgentLog.internalError("recording " + name, e);
        }
        return live.get();
    }

    public static long currentTimeMillis() {
        return call("System.currentTimeMillis()", System::currentTimeMillis);
    }

    public static long nanoTime() {
        return call("System.nanoTime()", System::nanoTime);
    }

    public static Instant instantNow() {
        return instant(callBytes("Instant.now()", () -> bytes(Instant.now())));
    }

    public static long clockMillis(Clock clock) {
        return call("Clock.millis()", clock::millis);
    }

    public static Instant clockInstant(Clock clock) {
        return instant(callBytes("Clock.instant()", () -> bytes(clock.instant())));
    }

    private static byte[] bytes(Instant v) {
        return ByteBuffer.allocate(12).putLong(v.getEpochSecond()).putInt(v.getNano()).array();
    }

    private static Instant instant(byte[] b) {
        ByteBuffer buf = ByteBuffer.wrap(b);
        return Instant.ofEpochSecond(buf.getLong(), buf.getInt());
    }

    public static double mathRandom() {
        return Double.longBitsToDouble(call("Math.random()", () -> Double.doubleToRawLongBits(Math.random())));
    }

    public static UUID randomUUID() {
        ByteBuffer b = ByteBuffer.wrap(callBytes("UUID.randomUUID()", () -> {
            UUID v = UUID.randomUUID();
            return ByteBuffer.allocate(16).putLong(v.getMostSignificantBits()).putLong(v.getLeastSignificantBits()).array();
        }));
        return new UUID(b.getLong(), b.getLong());
    }

    // Random, ThreadLocalRandom, SplittableRandom and any other RandomGenerator, called through their own types.

    public static int nextInt(RandomGenerator g) {
        return (int) call("nextInt()", g::nextInt);
    }

    public static int nextInt(RandomGenerator g, int bound) {
        return (int) call("nextInt(bound)", () -> g.nextInt(bound));
    }

    public static int nextInt(RandomGenerator g, int origin, int bound) {
        return (int) call("nextInt(origin, bound)", () -> g.nextInt(origin, bound));
    }

    public static long nextLong(RandomGenerator g) {
        return call("nextLong()", g::nextLong);
    }

    public static long nextLong(RandomGenerator g, long bound) {
        return call("nextLong(bound)", () -> g.nextLong(bound));
    }

    public static long nextLong(RandomGenerator g, long origin, long bound) {
        return call("nextLong(origin, bound)", () -> g.nextLong(origin, bound));
    }

    public static double nextDouble(RandomGenerator g) {
        return Double.longBitsToDouble(call("nextDouble()", () -> Double.doubleToRawLongBits(g.nextDouble())));
    }

    public static double nextDouble(RandomGenerator g, double bound) {
        return Double.longBitsToDouble(call("nextDouble(bound)", () -> Double.doubleToRawLongBits(g.nextDouble(bound))));
    }

    public static double nextDouble(RandomGenerator g, double origin, double bound) {
        return Double.longBitsToDouble(call("nextDouble(origin, bound)",
                () -> Double.doubleToRawLongBits(g.nextDouble(origin, bound))));
    }

    public static float nextFloat(RandomGenerator g) {
        return Float.intBitsToFloat((int) call("nextFloat()", () -> Float.floatToRawIntBits(g.nextFloat())));
    }

    public static boolean nextBoolean(RandomGenerator g) {
        return call("nextBoolean()", () -> g.nextBoolean() ? 1 : 0) != 0;
    }

    public static double nextGaussian(RandomGenerator g) {
        return Double.longBitsToDouble(call("nextGaussian()", () -> Double.doubleToRawLongBits(g.nextGaussian())));
    }

    public static void nextBytes(RandomGenerator g, byte[] bytes) {
        byte[] value = callBytes("nextBytes(byte[])", () -> {
            g.nextBytes(bytes);
            return bytes;
        });
        if (value != bytes) {
            System.arraycopy(value, 0, bytes, 0, Math.min(value.length, bytes.length));
        }
    }
}
