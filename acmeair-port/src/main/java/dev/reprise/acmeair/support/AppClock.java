package dev.reprise.acmeair.support;

import java.time.Clock;
import java.time.Instant;
import java.time.LocalDate;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;

/**
 * The one clock of the application: session times, booking dates and the loader's "today" all
 * come from here, so recording or fixing time only needs to change this class. Dates are UTC.
 */
public final class AppClock {
    /** How dates appear in JSON: like JavaScript's {@code Date.toJSON()}, as Node.js sends them. */
    private static final DateTimeFormatter JSON_DATE =
            DateTimeFormatter.ofPattern("yyyy-MM-dd'T'HH:mm:ss.SSS'Z'").withZone(ZoneOffset.UTC);

    private final Clock clock;

    /** @param clock the time source ({@link Clock#systemUTC()} in production) */
    public AppClock(Clock clock) {
        this.clock = clock;
    }

    /** @return the current time in epoch milliseconds */
    public long millis() {
        return clock.millis();
    }

    /** @return epoch milliseconds of today's midnight (UTC) */
    public long todayMidnight() {
        return LocalDate.now(clock).atStartOfDay(ZoneOffset.UTC).toInstant().toEpochMilli();
    }

    /**
     * @param epochMillis a time
     * @return it as JSON shows dates, e.g. {@code 2026-11-26T00:00:00.000Z}
     */
    public static String format(long epochMillis) {
        return JSON_DATE.format(Instant.ofEpochMilli(epochMillis));
    }
}
