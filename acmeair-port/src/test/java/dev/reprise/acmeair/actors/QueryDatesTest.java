package dev.reprise.acmeair.actors;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import dev.reprise.acmeair.api.ApiException;
import java.time.Instant;
import org.junit.jupiter.api.Test;

/** Query dates: the driver's format in any zone, and ISO days, give that day's midnight UTC. */
class QueryDatesTest {
    private static final long NOV_26 = Instant.parse("2026-11-26T00:00:00Z").toEpochMilli();

    @Test
    void readsTheDriversFormatIgnoringTheZone() {
        assertEquals(NOV_26, QueryDates.midnight("fromDate", "Thu Nov 26 00:00:00 UTC 2026"));
        assertEquals(NOV_26, QueryDates.midnight("fromDate", "Thu Nov 26 00:00:00 CET 2026"));
        assertEquals(NOV_26, QueryDates.midnight("fromDate", "2026-11-26"));
    }

    @Test
    void rejectsOtherText() {
        ApiException e =
                assertThrows(ApiException.class, () -> QueryDates.midnight("fromDate", "Thu Foo 26 00:00:00 UTC 2026"));
        assertEquals(400, e.status());
    }
}
