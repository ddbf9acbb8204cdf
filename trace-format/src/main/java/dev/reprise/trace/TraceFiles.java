package dev.reprise.trace;

import java.nio.file.Path;

/** The files of a trace directory. */
public final class TraceFiles {
    /** Events file: chunked, checksummed event buffers. */
    public static final String EVENTS = "events.rpt";
    /** External-data file: chunked, checksummed data entries. */
    public static final String DATA = "data.rpd";
    /** Metadata file (JSON). */
    public static final String METADATA = "trace.json";
    /** What the recorded program printed on its standard output ({@code reprise record} keeps it). */
    public static final String OUTPUT = "output.txt";
    /** How the last replay of the trace ended, as JSON (the replay writes it; {@code reprise view} shows it). */
    public static final String REPLAY_REPORT = "replay-report.json";
    /** Which JUnit test the trace recorded, for a trace kept by {@code @RecordOnFailure} or {@code @Hunt} (properties). */
    public static final String JUNIT_TEST = "junit-test.properties";

    private TraceFiles() {}

    public static Path events(Path dir) {
        return dir.resolve(EVENTS);
    }

    public static Path data(Path dir) {
        return dir.resolve(DATA);
    }

    public static Path metadata(Path dir) {
        return dir.resolve(METADATA);
    }

    public static Path output(Path dir) {
        return dir.resolve(OUTPUT);
    }

    public static Path replayReport(Path dir) {
        return dir.resolve(REPLAY_REPORT);
    }
}
