package dev.reprise.runtime;

import java.util.Iterator;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.LongAdder;

/**
 * The threads that record, each with its {@link ThreadRecorder} and its id in the trace, until the
 * writer's tick after they die; and the events of those that died, for the statistics.
 *
 * <p>Kept by thread, not only in a thread-local: the JDK erases the thread-locals of the common
 * pool's workers after each task, and a thread must find its own recorder again, not start a new
 * one per task (which kept every lost one until the thread died: one per request in a server).
 */
final class ThreadRegistry implements Iterable<ThreadRecorder> {
    /** Adding and removing a thread is O(1) however many come and go. */
    private final ConcurrentHashMap<Thread, ThreadRecorder> threads = new ConcurrentHashMap<>();

    private final AtomicInteger nextThreadId = new AtomicInteger(1);
    private final LongAdder retiredEvents = new LongAdder();

    /**
     * Thread {@code t}'s recorder for {@code recorder}: the one it has, or a new one under the next
     * thread id.
     */
    ThreadRecorder register(Recorder recorder, Thread t) {
        return threads.computeIfAbsent(t, k -> new ThreadRecorder(recorder, k, nextThreadId.getAndIncrement()));
    }

    /** The threads that record now. */
    @Override
    public Iterator<ThreadRecorder> iterator() {
        return threads.values().iterator();
    }

    /** {@code r}'s thread has died and its buffer and data are written: it is no longer kept, its events are counted. */
    void retire(ThreadRecorder r) {
        retiredEvents.add(r.events);
        threads.remove(r.thread, r);
    }

    /** The events recorded so far (read racily from the live threads). */
    long events() {
        long events = retiredEvents.sum();
        for (ThreadRecorder r : threads.values()) {
            events += r.events;
        }
        return events;
    }

    /** How many threads have recorded. */
    int count() {
        return nextThreadId.get() - 1;
    }
}
