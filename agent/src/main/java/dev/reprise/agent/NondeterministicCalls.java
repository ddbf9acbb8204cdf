package dev.reprise.agent;

import java.nio.ByteBuffer;
import java.time.Clock;
import java.time.Instant;
import java.util.UUID;
import java.util.random.RandomGenerator;

/**
 * What calls to the clock and random generators in application classes are replaced with: the
 * real call, whose result is recorded as a system call when it happens during an actor's turn.
 */
public final class NondeterministicCalls {
    private NondeterministicCalls() {}

    /** Records {@code value} as a system call of the actor whose turn runs here, if any. */
    private static long record(long value) {
        try {
            AgentThread t = AgentThread.current();
            if (t.current != null) {
                t.recorder.systemCall(t.current.record, value);
            }
        } catch (Throwable e) {
            AgentLog.internalError("recording a clock or random call", e);
        }
        return value;
    }

    private static void recordBytes(byte[] value) {
        try {
            AgentThread t = AgentThread.current();
            if (t.current != null) {
                t.recorder.systemCall(t.current.record, value.clone());
            }
        } catch (Throwable e) {
            AgentLog.internalError("recording a clock or random call", e);
        }
    }

    public static long currentTimeMillis() {
        return record(System.currentTimeMillis());
    }

    public static long nanoTime() {
        return record(System.nanoTime());
    }

    public static Instant instantNow() {
        return recordInstant(Instant.now());
    }

    public static long clockMillis(Clock clock) {
        return record(clock.millis());
    }

    public static Instant clockInstant(Clock clock) {
        return recordInstant(clock.instant());
    }

    private static Instant recordInstant(Instant v) {
        recordBytes(ByteBuffer.allocate(12).putLong(v.getEpochSecond()).putInt(v.getNano()).array());
        return v;
    }

    public static double mathRandom() {
        return Double.longBitsToDouble(record(Double.doubleToRawLongBits(Math.random())));
    }

    public static UUID randomUUID() {
        UUID v = UUID.randomUUID();
        recordBytes(ByteBuffer.allocate(16).putLong(v.getMostSignificantBits()).putLong(v.getLeastSignificantBits()).array());
        return v;
    }

    // Random, ThreadLocalRandom, SplittableRandom and any other RandomGenerator, called through their own types.

    public static int nextInt(RandomGenerator g) {
        return (int) record(g.nextInt());
    }

    public static int nextInt(RandomGenerator g, int bound) {
        return (int) record(g.nextInt(bound));
    }

    public static int nextInt(RandomGenerator g, int origin, int bound) {
        return (int) record(g.nextInt(origin, bound));
    }

    public static long nextLong(RandomGenerator g) {
        return record(g.nextLong());
    }

    public static long nextLong(RandomGenerator g, long bound) {
        return record(g.nextLong(bound));
    }

    public static long nextLong(RandomGenerator g, long origin, long bound) {
        return record(g.nextLong(origin, bound));
    }

    public static double nextDouble(RandomGenerator g) {
        return Double.longBitsToDouble(record(Double.doubleToRawLongBits(g.nextDouble())));
    }

    public static double nextDouble(RandomGenerator g, double bound) {
        return Double.longBitsToDouble(record(Double.doubleToRawLongBits(g.nextDouble(bound))));
    }

    public static double nextDouble(RandomGenerator g, double origin, double bound) {
        return Double.longBitsToDouble(record(Double.doubleToRawLongBits(g.nextDouble(origin, bound))));
    }

    public static float nextFloat(RandomGenerator g) {
        return Float.intBitsToFloat((int) record(Float.floatToRawIntBits(g.nextFloat())));
    }

    public static boolean nextBoolean(RandomGenerator g) {
        return record(g.nextBoolean() ? 1 : 0) != 0;
    }

    public static double nextGaussian(RandomGenerator g) {
        return Double.longBitsToDouble(record(Double.doubleToRawLongBits(g.nextGaussian())));
    }

    public static void nextBytes(RandomGenerator g, byte[] bytes) {
        g.nextBytes(bytes);
        recordBytes(bytes);
    }
}
