package dev.reprise.testsupport;

import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.reprise.trace.SourceNames;
import dev.reprise.trace.TraceAnalysis;
import dev.reprise.trace.TraceEvent;
import dev.reprise.trace.TraceReader;
import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;

/** What the modules' tests read from a trace and assert of it, written once. */
public final class Traces {
    private Traces() {}

    /** Every actor's events (and every outside source's, timer's...), in recorded order, by id. */
    public static Map<Long, List<TraceEvent>> events(Path trace) throws IOException {
        try (TraceReader reader = TraceReader.open(trace)) {
            return reader.readAllEvents();
        }
    }

    /** The problems {@code ./reprise verify} would name, as text. */
    public static List<String> problems(Path trace) throws IOException {
        return TraceAnalysis.run(trace).problems().stream()
                .map(Object::toString)
                .toList();
    }

    /** The trace verifies: no problem at all (the failure names how many, and the first three). */
    public static void assertNoProblems(Path trace) throws IOException {
        List<String> problems = problems(trace);
        assertTrue(
                problems.isEmpty(),
                () -> problems.size() + " problems in " + trace + ", the first: "
                        + problems.subList(0, Math.min(3, problems.size())));
    }

    /**
     * The id of the outside source {@code name} ({@code thread:main}, {@code thread:main/thread 2}...)
     * in the trace's source names; fails when the trace has none of that name.
     */
    public static long sourceId(Path trace, String name) throws IOException {
        long id = SourceNames.read(trace).id(name);
        assertTrue(id > 0, () -> "no source " + name + " in " + trace);
        return id;
    }

    /**
     * A replay's summary (in its output) says every application actor consumed its recorded
     * events: the whole trace, or all of it but what Akka's own actors and threads left (they race
     * the system's shutdown with the end of a recording; until system-wide stops are ordered in the
     * trace, the summary counts what they left apart).
     */
    public static void assertApplicationTraceConsumed(String replayOutput) {
        assertTrue(
                replayOutput.contains("the whole trace was consumed")
                        || replayOutput.contains("every application actor consumed its recorded events"),
                () -> "no replay summary saying the trace was consumed:\n" + replayOutput);
    }
}
