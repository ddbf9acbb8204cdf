package dev.reprise.tools;

import dev.reprise.trace.ExitCodes;
import dev.reprise.trace.TraceAnalysis;
import dev.reprise.trace.TraceMetadata;
import dev.reprise.trace.TraceProblem;
import dev.reprise.trace.TraceStatistics;
import java.io.PrintWriter;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/** {@code reprise verify DIR}: is this trace whole and replayable? */
@Command(
        name = "verify",
        mixinStandardHelpOptions = true,
        description = {
            "Checks a trace: file headers and versions, every chunk's checksum, that no chunk, subtrace "
                    + "or data entry is missing, that no events were dropped, and that the recording ended cleanly.",
            "Exits 0 when the trace is sound; otherwise prints the first problem (file, chunk, byte offset) "
                    + "and exits 1.",
            "A sound trace that the agent recorded with internal errors (\"recorded with agent errors: site: "
                    + "count, ...\": it may not replay exactly), or in which it recorded nothing (an unsupported "
                    + "Akka version: the reason is printed), exits 3.",
            "A trace of a program that used what the agent does not record faithfully says so (\"NOT COVERED: "
                    + "feature: count, ...\"): it is still sound, but a replay may differ where it was used."
        })
final class VerifyCommand implements Callable<Integer> {
    @Mixin
    TraceDirectory trace;

    @Option(
            names = "--max",
            paramLabel = "N",
            defaultValue = "20",
            description = "List at most N problems (default: ${DEFAULT-VALUE}).")
    int max;

    @Option(names = "--all", description = "List every problem found.")
    boolean all;

    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    @Override
    public Integer call() throws Exception {
        if (max < 0) {
            throw new CommandLine.ParameterException(spec.commandLine(), "--max must be 0 or more, was " + max);
        }
        trace.existing();
        TraceAnalysis.Report report = TraceAnalysis.run(trace.path);
        PrintWriter out = spec.commandLine().getOut();
        TraceStatistics s = report.statistics();
        PrintWriter err = spec.commandLine().getErr();
        TraceMetadata metadata = report.metadata();
        String agentErrors = metadata == null ? "" : metadata.agentErrorsText();
        if (report.sound()) {
            if (metadata != null && metadata.notRecorded() != null) {
                err.printf("NOT RECORDED: %s holds no recording: %s.%n", trace.path, metadata.notRecorded());
                return ExitCodes.AGENT_ERRORS;
            }
            if (!agentErrors.isEmpty()) {
                err.printf(
                        "AGENT ERRORS: %s is sound (%d chunks, %s) but was recorded with agent errors: %s; "
                                + "it may not replay exactly.%n",
                        trace.path, s.chunks(), s.summary(), agentErrors);
                notCovered(metadata, err);
                return ExitCodes.AGENT_ERRORS;
            }
            String ended = metadata == null ? null : metadata.endedText();
            out.printf(
                    "OK: %s is sound: %d chunks, %s, clean end%s.%n",
                    trace.path, s.chunks(), s.summary(), ended == null ? "" : " (the run ended by " + ended + ")");
            notCovered(metadata, out);
            return 0;
        }
        List<TraceProblem> problems = report.problems();
        err.println("FAILED: " + problems.get(0));
        long total = problems.size() + report.problemsNotKept();
        int shown = all ? Integer.MAX_VALUE : max;
        if (total > 1) {
            err.println(total + " problems:");
            problems.stream().limit(shown).forEach(p -> err.println("  " + p));
            if (total > shown) {
                err.println("  ... and " + (total - shown) + " more");
            }
        }
        err.printf("The readable part holds %d chunks, %s.%n", s.chunks(), s.summary());
        if (!agentErrors.isEmpty()) {
            err.println("It was also recorded with agent errors: " + agentErrors + ".");
        }
        notCovered(metadata, err);
        return ExitCodes.TRACE_PROBLEM;
    }

    /** Says what the program used that the agent does not record faithfully, if anything. */
    private static void notCovered(TraceMetadata metadata, PrintWriter to) {
        String notCovered = metadata == null ? "" : metadata.notCoveredText();
        if (!notCovered.isEmpty()) {
            to.println("NOT COVERED: the program used what Reprise does not record faithfully (" + notCovered
                    + "); a replay may differ where it was used. The agent README's Limits say what each means.");
        }
    }
}
