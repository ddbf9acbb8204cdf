package dev.reprise.replay;

import java.util.BitSet;
import java.util.HashMap;
import java.util.Map;

/**
 * The ids of actors that stopped after consuming all their events, one bit each, in pages of 2^20
 * ids: any 64-bit id can be retired, and memory follows the ranges of ids in use (a recording that
 * ran for days has ids far above the first ones). Thread-safe.
 */
final class RetiredIds {
    private static final int PAGE_BITS = 20;
    private static final long IN_PAGE = (1L << PAGE_BITS) - 1;
    private final Map<Long, BitSet> pages = new HashMap<>();

    synchronized void add(long id) {
        pages.computeIfAbsent(id >>> PAGE_BITS, p -> new BitSet()).set((int) (id & IN_PAGE));
    }

    synchronized boolean contains(long id) {
        BitSet page = pages.get(id >>> PAGE_BITS);
        return page != null && page.get((int) (id & IN_PAGE));
    }
}
