package dev.reprise.runtime;

import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.LongAdder;
import java.util.function.BooleanSupplier;

/**
 * The bytes of external data queued for the writer, against the {@code dataMemory} bound. A
 * reservation under the bound is one compare-and-set (an entry of {@code recordData}, or a whole
 * chunk of a thread's {@link DataStage}), with no lock, nor does the writer take one per entry
 * written. Only a thread that must wait at the bound takes the lock.
 *
 * <p>Who changes {@code queued}: recording threads add (a reservation, or a forced entry), the
 * writer subtracts what it wrote. A waiter announces itself in {@code waiters} before it looks at
 * {@code queued} again under the lock; the writer subtracts before it reads {@code waiters}, so
 * either the waiter sees the room or the writer sees the waiter and wakes it.
 */
final class DataMemory {
    private final long bound;
    private final AtomicLong queued = new AtomicLong();
    private final Object lock = new Object();
    private volatile int waiters; // changed under lock only

    DataMemory(long bound) {
        this.bound = bound;
    }

    /** Counts an entry that is never dropped nor waited for (replay needs it whatever the bound). */
    void force(long bytes) {
        queued.getAndAdd(bytes);
    }

    /**
     * Reserves room for {@code bytes}: true at once if they fit (one entry larger than the bound
     * fits when nothing else is queued). Otherwise, while {@code mayWait} says so, waits for the
     * writer, adding the time waited to {@code blocked}; false if the entry is to be dropped.
     */
    boolean reserve(long bytes, BooleanSupplier mayWait, LongAdder blocked) {
        if (tryReserve(bytes)) {
            return true;
        }
        synchronized (lock) {
            waiters++;
            try {
                while (!tryReserve(bytes)) {
                    if (!mayWait.getAsBoolean()) {
                        return false;
                    }
                    long t0 = System.nanoTime();
                    try {
                        lock.wait(100);
                    } catch (InterruptedException e) {
                        Thread.currentThread().interrupt();
                        return false;
                    } finally {
                        blocked.add(System.nanoTime() - t0);
                    }
                }
                return true;
            } finally {
                waiters--;
            }
        }
    }

    private boolean tryReserve(long bytes) {
        for (; ; ) {
            long q = queued.get();
            if (q > 0 && q + bytes > bound) {
                return false;
            }
            if (queued.compareAndSet(q, q + bytes)) {
                return true;
            }
        }
    }

    /** The bytes queued now (plain read of a moving count). */
    long queued() {
        return queued.get();
    }

    /** The writer wrote {@code bytes} of queued entries: they no longer count, and a waiter may go on. */
    void written(long bytes) {
        queued.getAndAdd(-bytes);
        if (waiters > 0) {
            synchronized (lock) {
                lock.notifyAll();
            }
        }
    }
}
