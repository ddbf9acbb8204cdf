package dev.reprise.agent;

import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicLong;

/** Numbers each outside source's input: its content is that source's data entry n. */
final class ExternalSources {
    private static final Map<Long, AtomicLong> dataIds = new ConcurrentHashMap<>();

    private ExternalSources() {}

    static long nextDataId(long source) {
        return dataIds.computeIfAbsent(source, s -> new AtomicLong(1)).getAndIncrement();
    }
}
