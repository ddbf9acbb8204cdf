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
 * not hide the tail). The schedule is kept in {@code System.nanoTime}; JMeter sleeps whole
 * milliseconds, rounded up, so no request starts before its time. One instance is shared by all
 * threads ({@link NoThreadClone}).
 */
public final class OpenLoopTimer extends AbstractTestElement implements Timer, NoThreadClone {
    private static final long serialVersionUID = 1L;
    private static final ThreadLocal<Long> INTENDED_START = new ThreadLocal<>();

    private final double periodNanos;
    private final AtomicLong slots = new AtomicLong();
    private long startNanos;
    private boolean started;

    /** @param requestsPerSecond the rate of all threads together */
    public OpenLoopTimer(double requestsPerSecond) {
        this.periodNanos = 1e9 / requestsPerSecond;
    }

    /** @return milliseconds until this thread's next request is due; remembers when that is */
    @Override
    public long delay() {
        long now = System.nanoTime();
        long intended = start(now) + Math.round(slots.getAndIncrement() * periodNanos);
        INTENDED_START.set(intended);
        return Math.max(0, (intended - now + 999_999) / 1_000_000);
    }

    private synchronized long start(long now) {
        if (!started) {
            startNanos = now;
            started = true;
        }
        return startNanos;
    }

    /**
     * @return the intended start ({@code System.nanoTime}) of this thread's last scheduled request,
     *     or null when none is pending (closed loop); clears it
     */
    static Long takeIntendedStart() {
        Long intended = INTENDED_START.get();
        INTENDED_START.remove();
        return intended;
    }
}
