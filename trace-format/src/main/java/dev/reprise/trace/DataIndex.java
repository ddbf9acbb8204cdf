package dev.reprise.trace;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.LongStream;

/**
 * Where each external-data entry {@code (actor, dataId)} is in the data file, in about 12 bytes an
 * entry. An actor's data ids count up from one as it makes its calls, and the writer writes them in
 * about that order (each thread's in order; an actor that moves between threads may have a few
 * written before earlier ones), so each actor's locations sit in two arrays indexed by data id: a long recording of
 * a promise race (ten million resolves) needs 120 MB here, where a hash map of boxed keys needed
 * more than a gigabyte. Ids that do not follow on (a gap of dropped entries wider than
 * {@link #LARGEST_GAP}, an id more than that below the actor's first) go to a map.
 */
final class DataIndex {
    /** Absent entries filled in to keep an actor's ids dense; a wider gap goes to the map. */
    static final int LARGEST_GAP = 4096;

    private static final long ABSENT = -1;

    /** One actor's locations for data ids {@code first .. first + count - 1}; offset {@link #ABSENT} where missing. */
    private static final class Dense {
        long first;
        long[] offsets = new long[1];
        int[] lengths = new int[1];
        int count;

        Dense(long first) {
            this.first = first;
        }

        /**
         * Makes room for {@code by} ids below {@code first}: an actor that ran on several threads
         * may have its entries written out of order (each thread's are in order).
         */
        void extendDown(int by) {
            long[] o = new long[count + by];
            int[] l = new int[count + by];
            Arrays.fill(o, 0, by, ABSENT);
            System.arraycopy(offsets, 0, o, by, count);
            System.arraycopy(lengths, 0, l, by, count);
            offsets = o;
            lengths = l;
            count += by;
            first -= by;
        }

        int slot(long dataId) {
            long i = dataId - first;
            return i >= 0 && i < count && offsets[(int) i] != ABSENT ? (int) i : -1;
        }
    }

    private record Key(long actor, long dataId) {}

    /** An entry's bytes: {@code length} of them from byte {@code offset} of the file. */
    record Location(long offset, int length) {}

    private final Map<Long, Dense> dense = new HashMap<>();
    private final Map<Key, Location> sparse = new HashMap<>();
    private int size;

    /** Records where entry {@code (actor, dataId)} is; false if it was already recorded (the new location wins). */
    boolean put(long actor, long dataId, long offset, int length) {
        Dense d = dense.computeIfAbsent(actor, a -> new Dense(dataId));
        long i = dataId - d.first;
        if (i < 0 && -i <= LARGEST_GAP && d.count - i <= Integer.MAX_VALUE) {
            d.extendDown((int) -i);
            i = 0;
        }
        if (i < 0 || i > d.count + (long) LARGEST_GAP) {
            boolean fresh = sparse.put(new Key(actor, dataId), new Location(offset, length)) == null;
            size += fresh ? 1 : 0;
            return fresh;
        }
        int at = (int) i;
        if (at < d.count) {
            boolean fresh = d.offsets[at] == ABSENT;
            d.offsets[at] = offset;
            d.lengths[at] = length;
            size += fresh ? 1 : 0;
            return fresh;
        }
        if (at >= d.offsets.length) {
            int capacity = Math.max(at + 1, d.offsets.length + (d.offsets.length >> 1));
            d.offsets = Arrays.copyOf(d.offsets, capacity);
            d.lengths = Arrays.copyOf(d.lengths, capacity);
        }
        Arrays.fill(d.offsets, d.count, at, ABSENT);
        d.offsets[at] = offset;
        d.lengths[at] = length;
        d.count = at + 1;
        size++;
        return true;
    }

    /** Where entry {@code (actor, dataId)}'s bytes are in the file, or null when there is none. */
    Location find(long actor, long dataId) {
        Dense d = dense.get(actor);
        int slot = d == null ? -1 : d.slot(dataId);
        if (slot >= 0) {
            return new Location(d.offsets[slot], d.lengths[slot]);
        }
        return sparse.isEmpty() ? null : sparse.get(new Key(actor, dataId));
    }

    /** The data ids of {@code actor}'s entries, in increasing order. */
    long[] dataIdsOf(long actor) {
        List<Long> ids = new ArrayList<>();
        Dense d = dense.get(actor);
        if (d != null) {
            for (int i = 0; i < d.count; i++) {
                if (d.offsets[i] != ABSENT) {
                    ids.add(d.first + i);
                }
            }
        }
        sparse.keySet().stream().filter(k -> k.actor() == actor).forEach(k -> ids.add(k.dataId()));
        return ids.stream().mapToLong(Long::longValue).sorted().distinct().toArray();
    }

    /** Drops {@code actor}'s entries (a replay that is done with the actor). */
    void forget(long actor) {
        Dense d = dense.remove(actor);
        if (d != null) {
            size -= (int) LongStream.range(0, d.count)
                    .filter(i -> d.offsets[(int) i] != ABSENT)
                    .count();
        }
        if (!sparse.isEmpty()) {
            int before = sparse.size();
            sparse.keySet().removeIf(k -> k.actor() == actor);
            size -= before - sparse.size();
        }
    }

    /** Entries indexed. */
    int size() {
        return size;
    }
}
