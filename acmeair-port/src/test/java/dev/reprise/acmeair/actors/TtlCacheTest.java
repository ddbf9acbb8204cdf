package dev.reprise.acmeair.actors;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import dev.reprise.acmeair.support.AppClock;
import java.time.Clock;
import java.time.Instant;
import java.time.ZoneId;
import java.time.ZoneOffset;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/** The flight caches: entries expire after their TTL, and the least recently used goes first. */
class TtlCacheTest {
    /** A clock the test moves by hand. */
    private static final class ManualClock extends Clock {
        long millis;

        @Override
        public ZoneId getZone() {
            return ZoneOffset.UTC;
        }

        @Override
        public Clock withZone(ZoneId zone) {
            return this;
        }

        @Override
        public Instant instant() {
            return Instant.ofEpochMilli(millis);
        }
    }

    private final ManualClock time = new ManualClock();
    private final TtlCache<String, String> cache = new TtlCache<>(2, 1_000, new AppClock(time));

    @Test
    void entriesExpireAfterTheirTtl() {
        cache.put("a", Optional.of("A"));
        time.millis = 1_000;
        assertEquals(Optional.of("A"), cache.get("a"));
        time.millis = 1_001;
        assertNull(cache.get("a"));
    }

    @Test
    void aCachedNoneIsAHit() {
        cache.put("none", Optional.empty());
        assertEquals(Optional.empty(), cache.get("none"));
        assertNull(cache.get("other"));
    }

    @Test
    void theLeastRecentlyUsedEntryGoesFirst() {
        cache.put("a", Optional.of("A"));
        cache.put("b", Optional.of("B"));
        cache.get("a");
        cache.put("c", Optional.of("C"));
        assertNull(cache.get("b"));
        assertEquals(Optional.of("A"), cache.get("a"));
        assertEquals(Optional.of("C"), cache.get("c"));
    }
}
