package dev.reprise.replay;

import dev.reprise.trace.Json;
import dev.reprise.trace.TraceFiles;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The replay's report as JSON, {@value #NAME} beside the trace, for tools: {@code reprise view}
 * marks the actor that first behaved differently and the actors left waiting. Its keys (version
 * {@value #VERSION}; replay/README.md documents them): {@code version}, {@code trace}, {@code end}
 * ({@code "matched"}, {@code "diverged"}, {@code "damage reached"}, {@code "recording ended"} or
 * {@code "stopped by the user"}), {@code exitCode}, {@code firstDifference} (null, or {@code
 * {actor, name, event, subtrace, chunk, expected, did, cause, held}}), {@code waiting} (a list of
 * {@code {actor, name, event, subtrace, chunk, expected, held}}), {@code moreWaiting} (those past
 * the {@value ReplayReport#WAITING_LISTED} listed), {@code damage} and {@code text}.
 */
final class ReplayReportFile {
    /** The file's name in the trace directory. */
    static final String NAME = TraceFiles.REPLAY_REPORT;

    static final int VERSION = 1;

    private ReplayReportFile() {}

    /**
     * Removes an earlier replay's report, so that one that ends without a report (its JVM killed)
     * leaves none behind that is not its own. A trace directory that cannot be written is left as it is.
     */
    static void clear(Path trace) {
        try {
            Files.deleteIfExists(trace.resolve(NAME));
        } catch (IOException e) {
            // written at the end or not at all: write() says why
        }
    }

    /** Writes {@code report} (replacing the file at once, so a reader never sees half of it); a warning if it cannot. */
    static void write(Path trace, ReplayReport report) {
        Path file = trace.resolve(NAME);
        Path partial = trace.resolve(NAME + ".partial");
        try {
            Files.writeString(partial, Json.write(json(trace, report)), StandardCharsets.UTF_8);
            try {
                Files.move(partial, file, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
            } catch (AtomicMoveNotSupportedException e) {
                Files.move(partial, file, StandardCopyOption.REPLACE_EXISTING);
            }
        } catch (IOException | RuntimeException e) {
            System.err.println("[reprise] the replay's JSON report was not written to " + file + ": " + e);
        }
    }

    /** The JSON object of {@code report}. */
    static Map<String, Object> json(Path trace, ReplayReport report) {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("version", VERSION);
        m.put("trace", trace.toAbsolutePath().normalize().toString());
        m.put("end", report.end().words);
        m.put("exitCode", report.exitCode() < 0 ? null : report.exitCode());
        m.put("firstDifference", report.first() == null ? null : actor(report.first(), true));
        List<Object> waiting = new ArrayList<>();
        report.waiting().forEach(a -> waiting.add(actor(a, false)));
        m.put("waiting", waiting);
        m.put("moreWaiting", report.moreWaiting());
        m.put("damage", report.damage());
        m.put("text", report.text());
        return m;
    }

    private static Map<String, Object> actor(ReplayReport.Actor a, boolean differing) {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("actor", a.actor());
        m.put("name", a.name());
        m.put("event", a.event());
        m.put("subtrace", a.subtrace() < 0 ? null : a.subtrace());
        m.put("chunk", a.chunk() < 0 ? null : a.chunk());
        m.put("expected", a.expected());
        if (differing) {
            m.put("did", a.did());
            m.put("cause", a.cause());
        }
        m.put("held", a.held() < 0 ? null : a.held());
        return m;
    }
}
