package dev.reprise.acmeair.actors;

import dev.reprise.acmeair.api.ApiException;
import java.time.DateTimeException;
import java.time.LocalDate;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Reads the dates of a flight query. The driver sends {@code EEE MMM dd 00:00:00 z yyyy} (for
 * example {@code Thu Nov 26 00:00:00 UTC 2026}); only the calendar day counts, whatever the zone,
 * and flights leave at that day's midnight UTC. ISO days ({@code 2026-11-26}) are accepted too.
 */
final class QueryDates {
    private static final Pattern JAVA_DATE =
            Pattern.compile("\\w{3} (\\w{3}) (\\d{1,2}) \\d{2}:\\d{2}:\\d{2} \\S+ (\\d{4})");
    private static final DateTimeFormatter MONTH = DateTimeFormatter.ofPattern("MMM d yyyy", Locale.US);

    private QueryDates() {}

    /**
     * @param name the parameter's name, for the error message
     * @param text its value
     * @return the day's midnight UTC in epoch milliseconds
     * @throws ApiException 400 if it is not a date
     */
    static long midnight(String name, String text) {
        try {
            Matcher m = JAVA_DATE.matcher(text.trim());
            LocalDate day = m.matches()
                    ? LocalDate.parse(m.group(1) + " " + m.group(2) + " " + m.group(3), MONTH)
                    : LocalDate.parse(text.trim());
            return day.atStartOfDay(ZoneOffset.UTC).toInstant().toEpochMilli();
        } catch (DateTimeException e) {
            throw ApiException.badRequest("bad date in " + name + ": " + text);
        }
    }
}
