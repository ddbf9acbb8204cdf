package dev.reprise.acmeair.actors;

import dev.reprise.acmeair.support.AppClock;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;

/**
 * A least-recently-used cache whose entries expire, like the Node.js version's {@code
 * ttl-lru-cache}. Not thread-safe: each one belongs to a single actor.
 *
 * @param <K> key type
 * @param <V> value type
 */
final class TtlCache<K, V> {
    private record Slot<V>(Optional<V> value, long expires) {}

    private final LinkedHashMap<K, Slot<V>> entries;
    private final long ttlMillis;
    private final AppClock clock;

    /**
     * @param maxSize the most entries kept; the least recently used goes first
     * @param ttlMillis how long an entry stays valid
     * @param clock the time source
     */
    TtlCache(int maxSize, long ttlMillis, AppClock clock) {
        this.entries = new LinkedHashMap<>(16, 0.75f, true) {
            private static final long serialVersionUID = 1L;

            @Override
            protected boolean removeEldestEntry(Map.Entry<K, Slot<V>> eldest) {
                return size() > maxSize;
            }
        };
        this.ttlMillis = ttlMillis;
        this.clock = clock;
    }

    /**
     * @param key a key
     * @return {@code null} on a miss; else the cached value, which may be empty (a cached "none")
     */
    Optional<V> get(K key) {
        Slot<V> entry = entries.get(key);
        if (entry == null) {
            return null;
        }
        if (clock.millis() > entry.expires()) {
            entries.remove(key);
            return null;
        }
        return entry.value();
    }

    /** Caches {@code value} (possibly empty) under {@code key}. */
    void put(K key, Optional<V> value) {
        entries.put(key, new Slot<>(value, clock.millis() + ttlMillis));
    }
}
