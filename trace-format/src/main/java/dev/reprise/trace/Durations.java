package dev.reprise.trace;

import java.time.Duration;
import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/** Durations as the command line gives them: {@code 500ms}, {@code 90s}, {@code 10m}, {@code 1h} (a bare number is seconds). */
public final class Durations {
    private static final Pattern FORM = Pattern.compile("(\\d+)(ms|s|m|h)?");

    private Durations() {}

    /**
     * Parses {@code text}; a positive duration.
     *
     * @throws IllegalArgumentException saying what was expected
     */
    public static Duration parse(String text) {
        Matcher m = FORM.matcher(text == null ? "" : text.trim().toLowerCase(Locale.ROOT));
        if (!m.matches()) {
            throw new IllegalArgumentException("expected a duration such as 500ms, 90s, 10m or 1h, was '" + text + "'");
        }
        long n;
        try {
            n = Long.parseLong(m.group(1));
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException("'" + text + "' is too long a duration");
        }
        if (n == 0) {
            throw new IllegalArgumentException("expected a duration above zero, was '" + text + "'");
        }
        String unit = m.group(2) == null ? "s" : m.group(2);
        return switch (unit) {
            case "ms" -> Duration.ofMillis(n);
            case "m" -> Duration.ofMinutes(n);
            case "h" -> Duration.ofHours(n);
            default -> Duration.ofSeconds(n);
        };
    }

    /** {@code d} for a progress line: {@code 4m 05s}, {@code 12s}, {@code 1h 02m}. */
    public static String text(Duration d) {
        long s = Math.max(0, d.toSeconds());
        if (s >= 3600) {
            return String.format(Locale.ROOT, "%dh %02dm", s / 3600, s % 3600 / 60);
        }
        return s >= 60 ? String.format(Locale.ROOT, "%dm %02ds", s / 60, s % 60) : s + "s";
    }
}
