package dev.reprise.tools;

import dev.reprise.tools.view.ReplayMarks;
import dev.reprise.tools.view.ViewPage;
import dev.reprise.trace.TraceFiles;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.Callable;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/** {@code reprise view DIR [-o PAGE] [--replay-report FILE]}: the run as a message sequence, in one HTML page. */
@Command(
        name = "view",
        mixinStandardHelpOptions = true,
        description = {
            "Writes one self-contained HTML page (no server, no network) showing a trace as a message sequence: "
                    + "a lane per actor and outside source, grouped by creator; messages as arrows; creations, "
                    + "timers, promise resolutions, system messages, system calls and outside input with their "
                    + "recorded values; filters by actor, kind and message class; a click shows the inspect line.",
            "Each lane is in exact replay order; the order across lanes is the events file's (the trace has no "
                    + "global clock). A trace of more than --max-events events is summarised: messages counted per "
                    + "pair of lanes and slice of the recording; --actor lists the events of chosen actors only.",
            "A damaged trace is shown as far as it is readable, with a warning in the page and here.",
            "The replay report beside the trace (or --replay-report FILE) marks the event where that replay first "
                    + "differed and the events the actors left waiting expected, with the report's text.",
            "--against B shows two recordings side by side with each actor's first difference marked, as reprise "
                    + "diff finds them."
        })
final class ViewCommand implements Callable<Integer> {
    /** At 75 to 90 bytes an event, a page of 100,000 is 8 to 10 MB and opens in a second: past that it counts. */
    static final long DEFAULT_MAX_EVENTS = 100_000;

    @Mixin
    TraceDirectory trace;

    @Option(
            names = {"-o", "--output"},
            paramLabel = "PAGE",
            description = "The page to write (default: DIR/view.html).")
    Path output;

    @Option(
            names = "--max-events",
            paramLabel = "N",
            description = "List every event up to N events in the trace, else summarise (default: " + DEFAULT_MAX_EVENTS
                    + ").")
    long maxEvents = DEFAULT_MAX_EVENTS;

    @Option(
            names = "--actor",
            paramLabel = "ID",
            converter = InspectCommand.UnsignedId.class,
            description = "List only the events of this actor (repeatable; every lane stays, so messages from others "
                    + "show): the drill-down into a summarised trace.")
    List<Long> actors = new ArrayList<>();

    @Option(
            names = "--replay-report",
            paramLabel = "FILE",
            description = "Mark where a replay of the trace stopped matching it: the JSON report the replay wrote "
                    + "(default: DIR/" + TraceFiles.REPLAY_REPORT + ", when there is one).")
    Path replayReport;

    @Option(
            names = "--against",
            paramLabel = "B",
            description = "Show this trace (A) and trace B, another recording of the program, side by side: actors "
                    + "matched by where they were created (as reprise diff matches them), each one's first differing "
                    + "event marked in both, root causes first (default page: DIR/against.html).")
    Path against;

    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    @Override
    public Integer call() throws Exception {
        if (maxEvents < 0) {
            throw new CommandLine.ParameterException(
                    spec.commandLine(), "--max-events must be 0 or more, was " + maxEvents);
        }
        trace.readable();
        PrintWriter err = spec.commandLine().getErr();
        ViewPage.Written w;
        if (against != null) {
            if (!actors.isEmpty() || replayReport != null) {
                throw new CommandLine.ParameterException(
                        spec.commandLine(),
                        (actors.isEmpty() ? "--replay-report" : "--actor") + " cannot be used with --against");
            }
            TraceDirectory.checkReadable(against);
            Path page = output != null ? output : trace.path.resolve("against.html");
            w = ViewPage.writeAgainst(trace.path, against, page, maxEvents);
        } else {
            ReplayMarks.Report report = replayReport(err);
            Path page = output != null ? output : trace.path.resolve("view.html");
            w = ViewPage.write(trace.path, page, maxEvents, new LinkedHashSet<>(actors), report);
        }
        for (String warning : w.warnings()) {
            err.println("warning: " + warning);
        }
        String listing = w.summarised()
                ? ", summarised (more than " + maxEvents + " events to list)"
                : w.listed() < w.events() ? String.format(Locale.ROOT, ", %,d of them listed", w.listed()) : "";
        spec.commandLine()
                .getOut()
                .printf(
                        Locale.ROOT,
                        "wrote %s (%,d bytes): %d lanes, %,d events%s%n",
                        w.page(),
                        w.bytes(),
                        w.lanes(),
                        w.events(),
                        listing);
        return 0;
    }

    /**
     * The replay report to mark: the one named (bad input when it cannot be read), else the one
     * beside the trace if there is one (a warning, and none, when it cannot be read).
     */
    private ReplayMarks.Report replayReport(PrintWriter err) throws IOException {
        Path file = replayReport != null ? replayReport : TraceFiles.replayReport(trace.path);
        if (replayReport == null && !Files.exists(file)) {
            return null;
        }
        try {
            return ReplayMarks.read(file);
        } catch (ReplayMarks.BadReport | NoSuchFileException e) {
            String why = e instanceof NoSuchFileException ? file + ": no such file" : e.getMessage();
            if (replayReport == null) {
                err.println("warning: " + why + " (the page marks no replay)");
                return null;
            }
            throw new CommandLine.ParameterException(spec.commandLine(), "--replay-report " + why);
        }
    }
}
