package dev.reprise.runtime;

import dev.reprise.trace.TraceIds;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicLong;

/**
 * The numbering of an outside source's data entries: the content of its input and the results of
 * its system calls (a pool task's or callback's clock and random calls) share one, since both are
 * stored under the source's id, and its input may come from several threads. A context's
 * pseudo-actor keeps its counter in its {@link ActorRecord}, so it goes when the context does;
 * only declared sources, few and named once, are counted here by id.
 */
public final class SourceDataIds {
    private static final Map<Long, AtomicLong> declared = new ConcurrentHashMap<>();

    private SourceDataIds() {}

    /** The next data id of the declared source {@code source} (the API's {@code ExternalSource}). */
    public static long next(long source) {
        return declared.computeIfAbsent(source, s -> new AtomicLong(1)).getAndIncrement();
    }

    /** The next data id of {@code source}, the pseudo-actor of an outside context. */
    public static long next(ActorRecord source) {
        return source.takeDataId();
    }

    /** Whether {@code id}'s data ids are shared between threads (an outside source's), not its actor's alone. */
    static boolean counts(long id) {
        return id >= TraceIds.FIRST_EXTERNAL_SOURCE; // as this recorder numbers them
    }
}
