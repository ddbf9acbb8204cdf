package dev.reprise.runtime;

import java.util.Iterator;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.LongAdder;

/**
 * The threads that record, each with its {@link ThreadRecorder} and its id in the trace, until the
 * writer's tick after they die; and the events of those that died, for the statistics.
 */
final class ThreadRegistry implements Iterable<ThreadRecorder> {
    /** Adding and removing a thread is O(1) however many come and go. */
    private final Set<ThreadRecorder> threads = ConcurrentHashMap.newKeySet();

    private final AtomicInteger nextThreadId = new AtomicInteger(1);
    private final LongAdder retiredEvents = new LongAdder();

    /** A new recorder for thread {@code t}, recording for {@code recorder} under the next thread id. */
    ThreadRecorder register(Recorder recorder, Thread t) {
        ThreadRecorder r = new ThreadRecorder(recorder, t, nextThreadId.getAndIncrement());
        threads.add(r);
        return r;
    }

    /** The threads that record now. */
    @Override
    public Iterator<ThreadRecorder> iterator() {
        return threads.iterator();
    }

    /** {@code r}'s thread has died and its buffer and data are written: it is no longer kept, its events are counted. */
    void retire(ThreadRecorder r) {
        retiredEvents.add(r.events);
        threads.remove(r);
    }

    /** The events recorded so far (read racily from the live threads). */
    long events() {
        long events = retiredEvents.sum();
        for (ThreadRecorder r : threads) {
            events += r.events;
        }
        return events;
    }

    /** How many threads have recorded. */
    int count() {
        return nextThreadId.get() - 1;
    }
}
