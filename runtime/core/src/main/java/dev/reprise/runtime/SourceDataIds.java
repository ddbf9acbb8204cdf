package dev.reprise.runtime;

import dev.reprise.trace.TraceIds;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * The numbering of an outside source's data entries: the content of its input and the results of
 * its system calls (a pool task's or callback's clock and random calls) share one, since both are
 * stored under the source's id, and its input may come from several threads.
 */
public final class SourceDataIds {
    private static final Map<Integer, AtomicInteger> counters = new ConcurrentHashMap<>();

    private SourceDataIds() {}

    /** The counter of {@code source}'s data ids (the first is 1). */
    static AtomicInteger of(int source) {
        return counters.computeIfAbsent(source, s -> new AtomicInteger(1));
    }

    /** The next data id of {@code source}. */
    public static int next(int source) {
        return of(source).getAndIncrement();
    }

    /** Whether {@code id}'s data ids are counted here (an outside source's), not by its actor record alone. */
    static boolean counts(int id) {
        return TraceIds.isExternalSource(id);
    }
}
