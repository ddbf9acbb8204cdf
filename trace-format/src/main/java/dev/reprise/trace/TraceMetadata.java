package dev.reprise.trace;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.attribute.FileAttribute;
import java.time.Duration;
import java.time.Instant;
import java.time.format.DateTimeParseException;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.TreeMap;

/**
 * The trace's metadata file ({@value TraceFiles#METADATA}): format version, program, JVM, start
 * and end time, recording settings, counts (the agent's errors and the uses of what it does not
 * record faithfully among them), whether the recording
 * ended cleanly, and why nothing was recorded if the agent refused to. It is written when recording
 * starts (not clean), rewritten while recording when a count that a killed recording must keep
 * changes, and rewritten at the end; always atomically.
 *
 * @param end null while recording or when the recording did not end cleanly
 * @param notRecorded why the agent recorded nothing (such as an unsupported Akka version), or null
 */
public record TraceMetadata(
        int formatVersion,
        String program,
        String jvm,
        Instant start,
        Instant end,
        boolean cleanEnd,
        Map<String, String> settings,
        Map<String, Long> counts,
        String notRecorded) {

    /** Count key: chunks written to the events file. */
    public static final String EVENT_CHUNKS = "eventChunks";
    /** Count key: event chunks deflated by Huffman coding alone ({@link ChunkFileWriter#huffmanChunks()}). */
    public static final String HUFFMAN_CHUNKS = "huffmanChunks";
    /** Count key: chunks written to the data file. */
    public static final String DATA_CHUNKS = "dataChunks";
    /** Count key: entries written to the data file. */
    public static final String DATA_ENTRIES = "dataEntries";
    /**
     * Counts under this prefix name outside sources in traces of format version 4 and older:
     * {@code source.NAME} is the source's id. Later traces name them in the data file ({@link SourceNames}).
     */
    public static final String SOURCE_PREFIX = "source.";
    /**
     * Counts under this prefix are the recording agent's internal errors: {@code agentError.SITE} is
     * how often the agent failed at SITE (a helper that threw, a hook that did not match). A trace
     * with any may not replay exactly.
     */
    public static final String AGENT_ERROR_PREFIX = "agentError.";
    /**
     * Counts under this prefix are uses of what the agent does not record faithfully:
     * {@code notCovered.FEATURE} is how often the program used FEATURE (an outside message it could
     * not copy, Akka Streams' {@code BoundedSourceQueue}). A replay may differ where they were used.
     */
    public static final String NOT_COVERED_PREFIX = "notCovered.";

    /**
     * Counts under this prefix say how the recorded run ended: {@code ended.exitStatus} is the status
     * the program called {@code System.exit} with, {@code ended.mainThrew} is 1 when an exception
     * nothing caught ended {@code main} (its JVM exits with status 1), {@code ended.signal} is the
     * number of the signal (SIGINT, SIGTERM, SIGHUP) that ended it through its shutdown hooks. None:
     * it ended otherwise (its last thread ended, or it was killed: see {@link #cleanEnd}).
     */
    public static final String ENDED_PREFIX = "ended.";
    /** Key under {@link #ENDED_PREFIX}: the status of {@code System.exit}. */
    public static final String EXIT_STATUS = "exitStatus";
    /** Key under {@link #ENDED_PREFIX}: 1 when {@code main} threw. */
    public static final String MAIN_THREW = "mainThrew";
    /** Key under {@link #ENDED_PREFIX}: the number of the signal that ended the run. */
    public static final String SIGNAL = "signal";
    /**
     * Key under {@link #ENDED_PREFIX}: the id of the actor whose turn raised an error that nothing
     * caught, which ended the run (a Tide program); {@link #EXIT_STATUS} is then the run's exit
     * status, not a {@code System.exit}.
     */
    public static final String ACTOR_ERROR = "actorError";

    /**
     * Count key: how often a supervisor heard of a child's failure (an exception that an actor's
     * turn did not catch), whatever it then decided. Absent: none, or an older agent recorded it.
     */
    public static final String ACTOR_FAILURES = "actorFailures";

    /**
     * Setting key: the schedule perturbation the recording ran under, {@code STRATEGY:SEED} (the
     * agent option {@code perturb}); absent for a plain recording. Replay does not need it.
     */
    public static final String PERTURBATION = "perturb";

    public TraceMetadata {
        settings = Collections.unmodifiableMap(new TreeMap<>(settings));
        counts = Collections.unmodifiableMap(new TreeMap<>(counts));
    }

    /** Metadata of a recording that starts now in this JVM. */
    public static TraceMetadata begin(String program, Map<String, String> settings) {
        String jvm = System.getProperty("java.vm.name") + " " + System.getProperty("java.vm.version") + " ("
                + System.getProperty("java.vm.vendor") + ")";
        return new TraceMetadata(
                FileHeader.VERSION, program, jvm, Instant.now(), null, false, settings, Map.of(), null);
    }

    /** This metadata for a recording that ended cleanly now with these counts. */
    public TraceMetadata finish(Map<String, Long> finalCounts) {
        return new TraceMetadata(
                formatVersion, program, jvm, start, Instant.now(), true, settings, finalCounts, notRecorded);
    }

    /** This metadata, still not clean, with the counts known so far (so a crash keeps them). */
    public TraceMetadata inProgress(Map<String, Long> countsSoFar) {
        return new TraceMetadata(formatVersion, program, jvm, start, null, false, settings, countsSoFar, notRecorded);
    }

    /** This metadata saying that nothing was recorded, and why. */
    public TraceMetadata notRecorded(String reason) {
        return new TraceMetadata(formatVersion, program, jvm, start, end, cleanEnd, settings, counts, reason);
    }

    /**
     * How the recorded run ended, in words ("System.exit(3)", "main throwing an exception, exit
     * status 1", "SIGTERM, exit status 143", "an uncaught error in a turn of actor 3, exit status
     * 1"), or null when the trace does not say (it ended otherwise, or an older agent recorded it).
     */
    public String endedText() {
        Long status = counts.get(ENDED_PREFIX + EXIT_STATUS);
        Long failedActor = counts.get(ENDED_PREFIX + ACTOR_ERROR);
        if (failedActor != null) {
            return "an uncaught error in a turn of actor " + failedActor
                    + (status == null ? "" : ", exit status " + status);
        }
        if (status != null) {
            return "System.exit(" + status + ")";
        }
        Long signal = endedBySignal();
        if (signal != null) {
            return signalName(signal) + ", exit status " + (128 + signal);
        }
        return counts.containsKey(ENDED_PREFIX + MAIN_THREW) ? "main throwing an exception, exit status 1" : null;
    }

    /** The number of the signal that ended the recorded run through its shutdown hooks, or null. */
    public Long endedBySignal() {
        return counts.containsKey(ENDED_PREFIX + EXIT_STATUS) ? null : counts.get(ENDED_PREFIX + SIGNAL);
    }

    /** A signal's usual name on Linux and macOS ("SIGTERM"), or "signal N". */
    public static String signalName(long signal) {
        return switch ((int) signal) {
            case 1 -> "SIGHUP";
            case 2 -> "SIGINT";
            case 15 -> "SIGTERM";
            default -> "signal " + signal;
        };
    }

    /** How often an actor's turn failed with an exception it did not catch ({@link #ACTOR_FAILURES}); 0 when none. */
    public long actorFailures() {
        return counts.getOrDefault(ACTOR_FAILURES, 0L);
    }

    /** The schedule perturbation the recording ran under ({@link #PERTURBATION}, {@code STRATEGY:SEED}), or null. */
    public String perturbation() {
        return settings.get(PERTURBATION);
    }

    /** The agent's internal errors by site (see {@link #AGENT_ERROR_PREFIX}), in site order; empty when none. */
    public Map<String, Long> agentErrors() {
        return countsUnder(AGENT_ERROR_PREFIX);
    }

    /** The agent errors as one line, {@code "site: count, site: count"}; empty when none. */
    public String agentErrorsText() {
        return asText(agentErrors());
    }

    /** The uses of what the agent does not record faithfully, by feature (see {@link #NOT_COVERED_PREFIX}); empty when none. */
    public Map<String, Long> notCovered() {
        return countsUnder(NOT_COVERED_PREFIX);
    }

    /** {@link #notCovered} as one line, {@code "feature: count, feature: count"}; empty when none. */
    public String notCoveredText() {
        return asText(notCovered());
    }

    private Map<String, Long> countsUnder(String prefix) {
        Map<String, Long> under = new TreeMap<>();
        counts.forEach((key, n) -> {
            if (key.startsWith(prefix)) {
                under.put(key.substring(prefix.length()), n);
            }
        });
        return under;
    }

    private static String asText(Map<String, Long> counts) {
        StringBuilder b = new StringBuilder();
        counts.forEach((key, n) ->
                b.append(b.isEmpty() ? "" : ", ").append(key).append(": ").append(n));
        return b.toString();
    }

    /** Recording time in seconds, or null when the end is unknown. */
    public Double durationSeconds() {
        return end == null ? null : Duration.between(start, end).toNanos() / 1e9;
    }

    /** A count, or -1 when absent. */
    public long count(String key) {
        return counts.getOrDefault(key, -1L);
    }

    /**
     * Writes {@code dir/trace.json} atomically (a reader never sees half a file), creating it with
     * {@code attributes} (such as {@link TraceAccess}'s permissions). Not forced to disk: a machine
     * crash may lose it (see {@link #write(Path, boolean, FileAttribute[])}).
     */
    public void write(Path dir, FileAttribute<?>... attributes) throws IOException {
        write(dir, false, attributes);
    }

    /**
     * Like {@link #write(Path, FileAttribute[])}; when {@code durable}, the new file is forced to disk
     * before it replaces the old one and the directory after, so a machine crash leaves either
     * the old metadata or the new, never an empty file.
     */
    public void write(Path dir, boolean durable, FileAttribute<?>... attributes) throws IOException {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("formatVersion", (long) formatVersion);
        m.put("program", program);
        m.put("jvm", jvm);
        m.put("startTime", start.toString());
        m.put("endTime", end == null ? null : end.toString());
        m.put("cleanEnd", cleanEnd);
        m.put("settings", new LinkedHashMap<>(settings));
        m.put("counts", new LinkedHashMap<>(counts));
        if (notRecorded != null) {
            m.put("notRecorded", notRecorded);
        }
        Path target = TraceFiles.metadata(dir);
        Path tmp = dir.resolve(TraceFiles.METADATA + ".tmp");
        Files.deleteIfExists(tmp);
        Files.createFile(tmp, attributes);
        Files.writeString(tmp, Json.write(m), StandardCharsets.UTF_8);
        if (durable) {
            FileSync.forceFile(tmp);
        }
        Files.move(tmp, target, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
        if (durable) {
            FileSync.forceDirectory(dir);
        }
    }

    /**
     * Reads {@code dir/trace.json}.
     *
     * @throws TraceFormatException naming the file and what is wrong with it
     * @throws java.nio.file.NoSuchFileException when it is missing
     */
    public static TraceMetadata read(Path dir) throws IOException {
        Path file = TraceFiles.metadata(dir);
        String text;
        try {
            text = Files.readString(file, StandardCharsets.UTF_8);
        } catch (java.nio.charset.CharacterCodingException e) {
            throw new TraceFormatException(file + ": not UTF-8 text (the file is damaged)");
        }
        Object parsed;
        try {
            parsed = Json.parse(text);
        } catch (Json.ParseException e) {
            throw new TraceFormatException(file + ": not valid JSON: " + e.getMessage());
        }
        if (!(parsed instanceof Map<?, ?> m)) {
            throw new TraceFormatException(file + ": expected a JSON object");
        }
        long version = number(m, "formatVersion", file);
        if (!FileHeader.readable(version)) {
            throw new TraceFormatException(file + ": trace format version " + version
                    + " is not supported; this Reprise reads versions " + FileHeader.OLDEST_READ + " to "
                    + FileHeader.VERSION
                    + ". Use the Reprise release that recorded the trace.");
        }
        Map<String, String> settings = new LinkedHashMap<>();
        for (Map.Entry<?, ?> e : map(m, "settings", file).entrySet()) {
            settings.put(String.valueOf(e.getKey()), String.valueOf(e.getValue()));
        }
        Map<String, Long> counts = new LinkedHashMap<>();
        for (Map.Entry<?, ?> e : map(m, "counts", file).entrySet()) {
            if (!(e.getValue() instanceof Long l)) {
                throw new TraceFormatException(file + ": count \"" + e.getKey() + "\" is not an integer");
            }
            counts.put(String.valueOf(e.getKey()), l);
        }
        Object clean = m.get("cleanEnd");
        if (!(clean instanceof Boolean)) {
            throw new TraceFormatException(file + ": \"cleanEnd\" must be true or false");
        }
        Object endText = m.get("endTime");
        Object notRecorded = m.get("notRecorded");
        if (notRecorded != null && !(notRecorded instanceof String)) {
            throw new TraceFormatException(file + ": \"notRecorded\" must be a string");
        }
        return new TraceMetadata(
                (int) version,
                string(m, "program", file),
                string(m, "jvm", file),
                instant(string(m, "startTime", file), "startTime", file),
                endText == null ? null : instant(string(m, "endTime", file), "endTime", file),
                (Boolean) clean,
                settings,
                counts,
                (String) notRecorded);
    }

    private static long number(Map<?, ?> m, String key, Path file) throws TraceFormatException {
        if (!(m.get(key) instanceof Long l)) {
            throw new TraceFormatException(file + ": \"" + key + "\" is missing or not an integer");
        }
        return l;
    }

    private static String string(Map<?, ?> m, String key, Path file) throws TraceFormatException {
        if (!(m.get(key) instanceof String s)) {
            throw new TraceFormatException(file + ": \"" + key + "\" is missing or not a string");
        }
        return s;
    }

    private static Map<?, ?> map(Map<?, ?> m, String key, Path file) throws TraceFormatException {
        Object v = m.get(key);
        if (v == null) {
            return Map.of();
        }
        if (!(v instanceof Map<?, ?> sub)) {
            throw new TraceFormatException(file + ": \"" + key + "\" must be an object");
        }
        return sub;
    }

    private static Instant instant(String s, String key, Path file) throws TraceFormatException {
        try {
            return Instant.parse(s);
        } catch (DateTimeParseException e) {
            throw new TraceFormatException(file + ": \"" + key + "\" is not an ISO-8601 instant: " + s);
        }
    }
}
