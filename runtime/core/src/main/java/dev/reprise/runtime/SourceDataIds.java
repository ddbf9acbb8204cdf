package dev.reprise.runtime;

import dev.reprise.trace.TraceIds;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicLong;

/**
 * The numbering of an outside source's data entries: the content of its input and the results of
 * its system calls (a pool task's or callback's clock and random calls) share one, since both are
 * stored under the source's id, and its input may come from several threads.
 */
public final class SourceDataIds {
    private static final Map<Long, AtomicLong> counters = new ConcurrentHashMap<>();

    private SourceDataIds() {}

    /** The counter of {@code source}'s data ids (the first is 1). */
    static AtomicLong of(long source) {
        return counters.computeIfAbsent(source, s -> new AtomicLong(1));
    }

    /** The next data id of {@code source}. */
    public static long next(long source) {
        return of(source).getAndIncrement();
    }

    /** Whether {@code id}'s data ids are counted here (an outside source's), not by its actor record alone. */
    static boolean counts(long id) {
        return id >= TraceIds.FIRST_EXTERNAL_SOURCE; // as this recorder numbers them
    }
}
