package dev.reprise.tools;

import dev.reprise.trace.ActorEvents;
import dev.reprise.trace.DataFileReader;
import dev.reprise.trace.Subtrace;
import dev.reprise.trace.TraceEvent;
import dev.reprise.trace.TraceFiles;
import dev.reprise.trace.TraceProblem;
import dev.reprise.trace.TraceReader;
import java.io.PrintWriter;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/** {@code reprise inspect DIR}: the recorded events, per actor, in replay order. */
@Command(
        name = "inspect",
        mixinStandardHelpOptions = true,
        description = {
            "Lists a trace's events per actor, in the order a replay would follow them, with the "
                    + "subtraces they were recorded in (thread, chunk, byte offset) and a preview of recorded data.",
            "A damaged trace is shown as far as it is readable, with a warning."
        })
final class InspectCommand implements Callable<Integer> {
    @Mixin
    TraceDirectory trace;

    @Option(
            names = "--actor",
            paramLabel = "ID",
            converter = UnsignedId.class,
            description = "Show only this actor (an id as printed, 0 or more).")
    Long actor;

    @Option(names = "--limit", paramLabel = "N", description = "Show at most N events per actor (default: all).")
    Long limit;

    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    @Override
    public Integer call() throws Exception {
        if (limit != null && limit < 0) {
            throw new CommandLine.ParameterException(spec.commandLine(), "--limit must be 0 or more, was " + limit);
        }
        trace.existing();
        PrintWriter out = spec.commandLine().getOut();
        try (TraceReader reader =
                        actor == null ? TraceReader.open(trace.path) : TraceReader.open(trace.path, a -> a == actor);
                DataFileReader data = DataFileReader.open(TraceFiles.data(trace.path))) {
            reader.readToEnd();
            List<Long> actors = actor == null ? reader.actors() : List.of(actor);
            if (actors.isEmpty() || (actor != null && !reader.actors().contains(actor))) {
                out.println(
                        actor == null
                                ? "The trace holds no events."
                                : "Actor " + actor + " has no events in this trace.");
            }
            for (long a : actors) {
                if (reader.actors().contains(a)) {
                    printActor(out, reader.actor(a), data);
                }
            }
            List<TraceProblem> problems = reader.problems();
            if (!problems.isEmpty()) {
                spec.commandLine()
                        .getErr()
                        .println("warning: the trace is damaged, shown up to the damage: " + problems.get(0)
                                + (problems.size() > 1 ? " (and " + (problems.size() - 1) + " more)" : ""));
            }
        }
        return 0;
    }

    private void printActor(PrintWriter out, ActorEvents events, DataFileReader data) throws Exception {
        out.println("actor " + events.actor());
        long shown = 0;
        long max = limit == null ? Long.MAX_VALUE : limit;
        long hidden = 0;
        for (Subtrace s; (s = events.nextSubtrace()) != null; ) {
            if (shown >= max) {
                hidden += s.events().size();
                continue;
            }
            out.println("  subtrace " + s.counter() + "  (" + s.origin() + ")");
            for (TraceEvent e : s.events()) {
                if (shown++ >= max) {
                    hidden++;
                    continue;
                }
                out.println("    " + e.describe() + DataPreview.of(e, events.actor(), data::read));
            }
        }
        if (hidden > 0) {
            out.println("  ... " + hidden + " more events (raise --limit to see them)");
        }
        long missing = events.missingSubtrace();
        if (missing >= 0) {
            out.println("  !! subtrace " + missing + " is missing: this actor cannot be replayed past here");
        }
    }

    /** Actor ids are non-negative 64-bit numbers (below 2^32 in traces of format version 3 and older). */
    static final class UnsignedId implements CommandLine.ITypeConverter<Long> {
        @Override
        public Long convert(String value) {
            try {
                long id = Long.parseLong(value);
                if (id < 0) {
                    throw new NumberFormatException();
                }
                return id;
            } catch (NumberFormatException e) {
                throw new CommandLine.TypeConversionException("'" + value + "' is not an actor id (0 or more)");
            }
        }
    }
}
