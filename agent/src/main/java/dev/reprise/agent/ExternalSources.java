package dev.reprise.agent;

import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;

/** Numbers each outside source's input: its content is that source's data entry n. */
final class ExternalSources {
    private static final Map<Integer, AtomicInteger> dataIds = new ConcurrentHashMap<>();

    private ExternalSources() {}

    static int nextDataId(int source) {
        return dataIds.computeIfAbsent(source, s -> new AtomicInteger(1)).getAndIncrement();
    }
}
