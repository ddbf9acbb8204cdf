package dev.reprise.tools;

import dev.reprise.trace.Json;
import dev.reprise.trace.TraceAnalysis;
import dev.reprise.trace.TraceMetadata;
import dev.reprise.trace.TraceStatistics;
import java.io.PrintWriter;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.Callable;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/** {@code reprise stats DIR [--json]}: what a trace holds and what it cost. */
@Command(
        name = "stats",
        mixinStandardHelpOptions = true,
        description = {
            "Prints what a trace holds: actors, external sources, temp actors (asks), timers and "
                    + "promises, messages by kind, system calls, sizes, bytes per message and the recording's duration.",
            "The replay summary and verify use the same names for the same counts.",
            "A damaged trace is counted as far as it is readable, with a warning.",
            "agentErrors counts the agent's internal errors while recording, by site (a trace with any may not "
                    + "replay exactly); notCovered counts the program's uses of what the agent does not record "
                    + "faithfully, by feature (a replay may differ there); notRecorded says why the agent recorded "
                    + "nothing, when it refused to; ended says how the recorded run ended (System.exit and its "
                    + "status, or main that threw), when it did so."
        })
final class StatsCommand implements Callable<Integer> {
    @Mixin
    TraceDirectory trace;

    @Option(
            names = "--json",
            description = "Print one JSON object on one line (keys: actors, externalSources, "
                    + "tempActors, timers, promises, messages, promiseMessages, externalMessages, systemCalls, systemMessages, "
                    + "creations, eventBytes, dataBytes, bytesPerMessage, durationSeconds, subtraces, chunks, droppedEvents, cleanEnd, "
                    + "problems, agentErrors: an object of site to count, notCovered: an object of feature to count, "
                    + "notRecorded: null or why nothing was recorded, ended: null or how the recorded run ended).")
    boolean json;

    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    @Override
    public Integer call() throws Exception {
        trace.readable(); // nothing to count when the events file is of another version or unreadable
        TraceAnalysis.Report report = TraceAnalysis.run(trace.path);
        TraceStatistics s = report.statistics();
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("actors", s.actors());
        m.put("externalSources", s.externalSources());
        m.put("tempActors", s.tempActors());
        m.put("timers", s.timers());
        m.put("promises", s.promises());
        m.put("messages", s.messages());
        m.put("promiseMessages", s.promiseMessages());
        m.put("externalMessages", s.externalMessages());
        m.put("systemCalls", s.systemCalls());
        m.put("systemMessages", s.systemMessages());
        m.put("creations", s.creations());
        m.put("eventBytes", s.eventBytes());
        m.put("dataBytes", s.dataBytes());
        m.put("bytesPerMessage", round(s.bytesPerMessage()));
        m.put("durationSeconds", s.durationSeconds() == null ? null : round(s.durationSeconds()));
        m.put("subtraces", s.subtraces());
        m.put("chunks", s.chunks());
        m.put("droppedEvents", s.droppedEvents());
        m.put("cleanEnd", report.metadata() != null && report.metadata().cleanEnd());
        m.put("problems", report.problems().size() + report.problemsNotKept());
        TraceMetadata metadata = report.metadata();
        PrintWriter out = spec.commandLine().getOut();
        if (json) {
            m.put("agentErrors", metadata == null ? Map.of() : new LinkedHashMap<>(metadata.agentErrors()));
            m.put("notCovered", metadata == null ? Map.of() : new LinkedHashMap<>(metadata.notCovered()));
            m.put("notRecorded", metadata == null ? null : metadata.notRecorded());
            m.put("ended", metadata == null ? null : metadata.endedText());
            out.println(Json.write(m));
        } else {
            for (Map.Entry<String, Object> e : m.entrySet()) {
                Object v = e.getValue();
                out.printf(Locale.ROOT, "%-17s %s%n", e.getKey(), v == null ? "unknown (no clean end)" : v);
            }
            String agentErrors = metadata == null ? "" : metadata.agentErrorsText();
            out.printf(Locale.ROOT, "%-17s %s%n", "agentErrors", agentErrors.isEmpty() ? "none" : agentErrors);
            String notCovered = metadata == null ? "" : metadata.notCoveredText();
            out.printf(Locale.ROOT, "%-17s %s%n", "notCovered", notCovered.isEmpty() ? "none" : notCovered);
            if (metadata != null && metadata.notRecorded() != null) {
                out.printf(Locale.ROOT, "%-17s %s%n", "notRecorded", metadata.notRecorded());
            }
            if (metadata != null && metadata.endedText() != null) {
                out.printf(Locale.ROOT, "%-17s %s%n", "ended", metadata.endedText());
            }
        }
        if (!report.sound()) {
            spec.commandLine()
                    .getErr()
                    .println("warning: the trace has problems, counts cover its readable part; " + "first: "
                            + report.problems().get(0) + " (run reprise verify for all)");
        }
        return 0;
    }

    private static double round(double v) {
        return Math.round(v * 1000) / 1000.0;
    }
}
