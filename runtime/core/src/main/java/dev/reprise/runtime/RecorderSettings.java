package dev.reprise.runtime;

import dev.reprise.trace.Encoding;
import dev.reprise.trace.TraceAccess;
import java.nio.file.Path;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * How the recorder runs. Built from defaults or parsed from {@code key=value} options (as the agent
 * receives them); every option is validated with a message naming it.
 *
 * @param traceDir where the trace is written (must not hold a trace yet)
 * @param bufferSize bytes per thread event buffer
 * @param bufferMemory upper bound on all event buffers together
 * @param flushInterval how often buffers are flushed, which bounds what a crash loses
 * @param overflow what to do when all buffers are full
 * @param encoding {@link Encoding#COMPACT} (small ids on) or {@link Encoding#FULL_WIDTH} (off)
 * @param compress whether the writer thread deflates event and data chunks (several times smaller traces)
 * @param fingerprints whether each processed message and creation gets a {@link dev.reprise.trace.Fingerprint}
 *     byte, so a replay catches a changed program at its first differing event (off by default: it
 *     costs a few percent on message-bound programs, {@code ./reprise bench fingerprints})
 * @param dataMemory upper bound on external data waiting for the writer
 * @param access who may read the trace: {@link TraceAccess#PRIVATE} (0700 and 0600, the default) or the umask's
 * @param sync when the writer forces the trace to disk, which bounds what a machine crash loses ({@link SyncPolicy})
 * @param program what is being recorded, for the metadata
 */
public record RecorderSettings(
        Path traceDir,
        int bufferSize,
        long bufferMemory,
        Duration flushInterval,
        OverflowPolicy overflow,
        Encoding encoding,
        boolean compress,
        boolean fingerprints,
        long dataMemory,
        TraceAccess access,
        SyncPolicy sync,
        String program) {

    public static final int DEFAULT_BUFFER_SIZE = 64 * 1024;
    public static final long DEFAULT_BUFFER_MEMORY = 64L * 1024 * 1024;
    public static final Duration DEFAULT_FLUSH_INTERVAL = Duration.ofMillis(100);
    public static final long DEFAULT_DATA_MEMORY = 64L * 1024 * 1024;
    /** Forcing the trace at each flush interval costs no time measurable beside the noise (runtime/core README). */
    public static final SyncPolicy DEFAULT_SYNC = SyncPolicy.INTERVAL;

    static final int MIN_BUFFER_SIZE = 128;

    /** The option keys {@link #parse} accepts, in the order help lists them. */
    public static final List<String> KEYS = List.of(
            "trace",
            "bufferSize",
            "bufferMemory",
            "flushInterval",
            "overflow",
            "smallIds",
            "compress",
            "fingerprints",
            "dataMemory",
            "access",
            "sync",
            "program");

    public RecorderSettings {
        if (traceDir == null) {
            throw new IllegalArgumentException("trace: a trace directory is required (trace=DIR)");
        }
        if (bufferSize < MIN_BUFFER_SIZE) {
            throw new IllegalArgumentException(
                    "bufferSize: must be at least " + MIN_BUFFER_SIZE + " bytes, was " + bufferSize);
        }
        if (bufferMemory < 2L * bufferSize) {
            throw new IllegalArgumentException("bufferMemory: must hold at least two buffers (" + 2L * bufferSize
                    + " bytes), was " + bufferMemory);
        }
        if (flushInterval.isNegative() || flushInterval.isZero()) {
            throw new IllegalArgumentException(
                    "flushInterval: must be positive, was " + flushInterval.toMillis() + "ms");
        }
        if (access == null) {
            throw new IllegalArgumentException("access: expected private or umask");
        }
        if (sync == null) {
            throw new IllegalArgumentException("sync: expected none, interval or always");
        }
        if (dataMemory < 1024) {
            throw new IllegalArgumentException("dataMemory: must be at least 1k, was " + dataMemory);
        }
    }

    /** Default settings writing to {@code traceDir}. */
    public static RecorderSettings defaults(Path traceDir) {
        return new RecorderSettings(
                traceDir,
                DEFAULT_BUFFER_SIZE,
                DEFAULT_BUFFER_MEMORY,
                DEFAULT_FLUSH_INTERVAL,
                OverflowPolicy.BLOCK,
                Encoding.COMPACT,
                true,
                false,
                DEFAULT_DATA_MEMORY,
                TraceAccess.PRIVATE,
                DEFAULT_SYNC,
                "unknown");
    }

    /**
     * Parses options such as {@code trace=/tmp/t, bufferSize=256k, flushInterval=50ms, overflow=drop}.
     *
     * @throws IllegalArgumentException naming the option and what is wrong, or listing the valid keys
     */
    public static RecorderSettings parse(Map<String, String> options) {
        for (String key : options.keySet()) {
            if (!KEYS.contains(key)) {
                throw new IllegalArgumentException(
                        "unknown recording option '" + key + "'; valid options: " + String.join(", ", KEYS));
            }
        }
        String trace = options.get("trace");
        if (trace == null || trace.isBlank()) {
            throw new IllegalArgumentException("trace: a trace directory is required (trace=DIR)");
        }
        return new RecorderSettings(
                Path.of(trace),
                (int) Math.min(Integer.MAX_VALUE, size(options, "bufferSize", DEFAULT_BUFFER_SIZE)),
                size(options, "bufferMemory", DEFAULT_BUFFER_MEMORY),
                duration(options, "flushInterval", DEFAULT_FLUSH_INTERVAL),
                choice(options, "overflow", OverflowPolicy.BLOCK),
                bool(options, "smallIds", true) ? Encoding.COMPACT : Encoding.FULL_WIDTH,
                bool(options, "compress", true),
                bool(options, "fingerprints", false),
                size(options, "dataMemory", DEFAULT_DATA_MEMORY),
                access(options),
                options.containsKey("sync") ? SyncPolicy.parse(options.get("sync")) : DEFAULT_SYNC,
                options.getOrDefault("program", "unknown"));
    }

    /** The settings as the metadata file records them. */
    public Map<String, String> describe() {
        Map<String, String> m = new LinkedHashMap<>();
        m.put("bufferSize", Integer.toString(bufferSize));
        m.put("bufferMemory", Long.toString(bufferMemory));
        m.put("flushInterval", flushInterval.toMillis() + "ms");
        m.put("overflow", overflow.name().toLowerCase(Locale.ROOT));
        m.put("smallIds", Boolean.toString(encoding == Encoding.COMPACT));
        m.put("compress", Boolean.toString(compress));
        m.put("fingerprints", Boolean.toString(fingerprints));
        m.put("dataMemory", Long.toString(dataMemory));
        m.put("access", access.name().toLowerCase(Locale.ROOT));
        m.put("sync", sync.name().toLowerCase(Locale.ROOT));
        return m;
    }

    /** How many event buffers the memory bound allows. */
    int maxBuffers() {
        return (int) Math.min(Integer.MAX_VALUE, bufferMemory / bufferSize);
    }

    public RecorderSettings withBuffers(int size, long memory) {
        return new RecorderSettings(
                traceDir,
                size,
                memory,
                flushInterval,
                overflow,
                encoding,
                compress,
                fingerprints,
                dataMemory,
                access,
                sync,
                program);
    }

    public RecorderSettings withOverflow(OverflowPolicy policy) {
        return new RecorderSettings(
                traceDir,
                bufferSize,
                bufferMemory,
                flushInterval,
                policy,
                encoding,
                compress,
                fingerprints,
                dataMemory,
                access,
                sync,
                program);
    }

    public RecorderSettings withFlushInterval(Duration interval) {
        return new RecorderSettings(
                traceDir,
                bufferSize,
                bufferMemory,
                interval,
                overflow,
                encoding,
                compress,
                fingerprints,
                dataMemory,
                access,
                sync,
                program);
    }

    public RecorderSettings withEncoding(Encoding e) {
        return new RecorderSettings(
                traceDir,
                bufferSize,
                bufferMemory,
                flushInterval,
                overflow,
                e,
                compress,
                fingerprints,
                dataMemory,
                access,
                sync,
                program);
    }

    public RecorderSettings withCompress(boolean on) {
        return new RecorderSettings(
                traceDir,
                bufferSize,
                bufferMemory,
                flushInterval,
                overflow,
                encoding,
                on,
                fingerprints,
                dataMemory,
                access,
                sync,
                program);
    }

    public RecorderSettings withFingerprints(boolean on) {
        return new RecorderSettings(
                traceDir,
                bufferSize,
                bufferMemory,
                flushInterval,
                overflow,
                encoding,
                compress,
                on,
                dataMemory,
                access,
                sync,
                program);
    }

    /** The bound on outside data waiting for the writer, in bytes ({@code dataMemory}). */
    public RecorderSettings withDataMemory(long bytes) {
        return new RecorderSettings(
                traceDir,
                bufferSize,
                bufferMemory,
                flushInterval,
                overflow,
                encoding,
                compress,
                fingerprints,
                bytes,
                access,
                sync,
                program);
    }

    /** When the writer forces the trace to disk ({@code sync}). */
    public RecorderSettings withSync(SyncPolicy policy) {
        return new RecorderSettings(
                traceDir,
                bufferSize,
                bufferMemory,
                flushInterval,
                overflow,
                encoding,
                compress,
                fingerprints,
                dataMemory,
                access,
                policy,
                program);
    }

    public RecorderSettings withProgram(String name) {
        return new RecorderSettings(
                traceDir,
                bufferSize,
                bufferMemory,
                flushInterval,
                overflow,
                encoding,
                compress,
                fingerprints,
                dataMemory,
                access,
                sync,
                name);
    }

    private static long size(Map<String, String> o, String key, long dflt) {
        String v = o.get(key);
        if (v == null) {
            return dflt;
        }
        String s = v.trim().toLowerCase(Locale.ROOT);
        long unit = 1;
        if (s.endsWith("k")) {
            unit = 1024;
        } else if (s.endsWith("m")) {
            unit = 1024 * 1024;
        } else if (s.endsWith("g")) {
            unit = 1024L * 1024 * 1024;
        }
        try {
            return Math.multiplyExact(Long.parseLong(unit == 1 ? s : s.substring(0, s.length() - 1)), unit);
        } catch (NumberFormatException | ArithmeticException e) {
            throw new IllegalArgumentException(key + ": expected a size such as 65536, 64k or 16m, was '" + v + "'");
        }
    }

    private static Duration duration(Map<String, String> o, String key, Duration dflt) {
        String v = o.get(key);
        if (v == null) {
            return dflt;
        }
        String s = v.trim().toLowerCase(Locale.ROOT);
        try {
            if (s.endsWith("ms")) {
                return Duration.ofMillis(Long.parseLong(s.substring(0, s.length() - 2)));
            }
            if (s.endsWith("s")) {
                return Duration.ofSeconds(Long.parseLong(s.substring(0, s.length() - 1)));
            }
            return Duration.ofMillis(Long.parseLong(s));
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException(key + ": expected a duration such as 100ms or 1s, was '" + v + "'");
        }
    }

    private static TraceAccess access(Map<String, String> o) {
        String v = o.get("access");
        try {
            return v == null ? TraceAccess.PRIVATE : TraceAccess.parse(v.trim());
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException("access: " + e.getMessage());
        }
    }

    private static OverflowPolicy choice(Map<String, String> o, String key, OverflowPolicy dflt) {
        String v = o.get(key);
        if (v == null) {
            return dflt;
        }
        try {
            return OverflowPolicy.valueOf(v.trim().toUpperCase(Locale.ROOT));
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException(key + ": expected block or drop, was '" + v + "'");
        }
    }

    private static boolean bool(Map<String, String> o, String key, boolean dflt) {
        String v = o.get(key);
        if (v == null) {
            return dflt;
        }
        return switch (v.trim().toLowerCase(Locale.ROOT)) {
            case "true", "on", "yes" -> true;
            case "false", "off", "no" -> false;
            default -> throw new IllegalArgumentException(key + ": expected true or false, was '" + v + "'");
        };
    }
}
