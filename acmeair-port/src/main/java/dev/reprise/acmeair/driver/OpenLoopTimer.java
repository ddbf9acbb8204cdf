package dev.reprise.acmeair.driver;

import java.util.concurrent.atomic.AtomicLong;
import org.apache.jmeter.engine.util.NoThreadClone;
import org.apache.jmeter.testelement.AbstractTestElement;
import org.apache.jmeter.timers.Timer;

/**
 * Turns the plan into an open loop: requests of all threads start on one fixed schedule, the n-th
 * at {@code start + n / rate}, whether or not earlier answers have come. A thread that falls
 * behind sends at once; the time it fell behind counts as latency, because {@link
 * SampleStatsListener} measures from each request's intended start (so coordinated omission does
 * not hide the tail). One instance is shared by all threads ({@link NoThreadClone}).
 */
public final class OpenLoopTimer extends AbstractTestElement implements Timer, NoThreadClone {
    private static final long serialVersionUID = 1L;
    private static final ThreadLocal<Long> INTENDED_START = new ThreadLocal<>();

    private final double periodMillis;
    private final AtomicLong slots = new AtomicLong();
    private long startMillis = -1;

    /** @param requestsPerSecond the rate of all threads together */
    public OpenLoopTimer(double requestsPerSecond) {
        this.periodMillis = 1000.0 / requestsPerSecond;
    }

    /** @return milliseconds until this thread's next request is due; remembers when that is */
    @Override
    public long delay() {
        long now = System.currentTimeMillis();
        long intended = start(now) + Math.round(slots.getAndIncrement() * periodMillis);
        INTENDED_START.set(intended);
        return Math.max(0, intended - now);
    }

    private synchronized long start(long now) {
        if (startMillis < 0) {
            startMillis = now;
        }
        return startMillis;
    }

    /**
     * @return the intended start (epoch ms) of this thread's last scheduled request, or -1 when
     *     none is pending (closed loop); clears it
     */
    static long takeIntendedStart() {
        Long intended = INTENDED_START.get();
        INTENDED_START.remove();
        return intended == null ? -1 : intended;
    }
}
