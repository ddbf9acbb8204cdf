package dev.reprise.tools;

import dev.reprise.tools.diff.DiffJson;
import dev.reprise.tools.diff.DiffResult;
import dev.reprise.tools.diff.DiffText;
import dev.reprise.tools.diff.RecordedRun;
import dev.reprise.tools.diff.TraceDiff;
import dev.reprise.trace.ExitCodes;
import dev.reprise.trace.Json;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.AccessDeniedException;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/** {@code reprise diff A B}: where two recordings of one program first went different ways, causes first. */
@Command(
        name = "diff",
        mixinStandardHelpOptions = true,
        description = {
            "Compares two recordings of the same program: per actor, the first event where their recorded orders "
                    + "differ (a message's sender, a promise's resolver, a creation, a system message, a system "
                    + "call's recorded value, outside input's content), root causes first.",
            "Actors are matched by where they were created (their creator, and how many of that kind it had "
                    + "created before), not by id: ids are handed out in creation order, so one creation race "
                    + "renumbers every later actor.",
            "A difference follows from another actor's when that actor also differs and sent or resolved the "
                    + "differing message (or the message of the turn it differs in), or created this actor, or that "
                    + "message's timer or promise, after its own difference; roots follow from none, and come first.",
            "A damaged trace is compared as far as it is readable, with a warning naming the damage (exit 2)."
        },
        exitCodeListHeading = "%nExit codes:%n",
        exitCodeList = {
            DiffCommand.SAME + ":the traces record the same orders",
            DiffCommand.DIFFERENT + ":they differ",
            DiffCommand.TROUBLE
                    + ":bad usage, no trace at a path, an unreadable trace, or a damaged one (compared as far as readable)"
        })
final class DiffCommand implements Callable<Integer> {
    /** As Unix diff: 0 the same, 1 different, 2 trouble (ExitCodes.USAGE's number, for every kind of trouble). */
    static final int SAME = ExitCodes.OK;

    static final int DIFFERENT = 1;
    static final int TROUBLE = ExitCodes.USAGE;

    @Parameters(index = "0", paramLabel = "A", description = "The first trace directory.")
    Path first;

    @Parameters(index = "1", paramLabel = "B", description = "The second trace directory.")
    Path second;

    @Option(
            names = "--json",
            description = "Print one JSON object on one line (keys: same, a, b, compared, differ, roots, notCompared, "
                    + "differences: a list of {actor, actorInB, origin, root, depth, followsFrom: [{actor, why}], "
                    + "cycleWith, agreeingEvents, why, inA, inB: null or {event, subtrace, chunk}, rest}, "
                    + "renamedIds: [[idA, idB]...], firstRenaming, cut: [{actor, run, comparedEvents, why}], "
                    + "damage, cleanEnd: {a, b}). It lists every difference whatever --limit says.")
    boolean json;

    @Option(
            names = "--limit",
            paramLabel = "N",
            description = "Show at most N differing actors, root causes first (default: ${DEFAULT-VALUE}).")
    int limit = 6;

    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    @Override
    public Integer call() throws Exception {
        if (limit < 0) {
            throw new CommandLine.ParameterException(spec.commandLine(), "--limit must be 0 or more, was " + limit);
        }
        PrintWriter err = spec.commandLine().getErr();
        try (RecordedRun a = open("A", first);
                RecordedRun b = open("B", second)) {
            if (a.program() != null
                    && b.program() != null
                    && !mainClass(a.program()).equals(mainClass(b.program()))) {
                err.println("warning: the traces record different programs (A: " + mainClass(a.program()) + ", B: "
                        + mainClass(b.program()) + ")");
            }
            DiffResult result = TraceDiff.compare(a, b);
            PrintWriter out = spec.commandLine().getOut();
            if (json) {
                out.println(Json.write(DiffJson.of(result)));
            } else {
                DiffText.print(result, out, limit);
            }
            out.flush();
            List<String> damage = result.damage();
            if (!damage.isEmpty()) {
                err.println("warning: a trace is damaged, compared as far as it is readable: " + damage.get(0)
                        + (damage.size() > 1 ? " (and " + (damage.size() - 1) + " more)" : ""));
                return TROUBLE;
            }
            return result.same() ? SAME : DIFFERENT;
        } catch (NoSuchFileException | AccessDeniedException e) {
            throw e; // the command line's handler names the path, exit 2
        } catch (IOException e) {
            // Not the handler's exit 1 for a trace problem: 1 means "they differ" here.
            err.println(spec.qualifiedName() + ": " + e.getMessage());
            return TROUBLE;
        }
    }

    private static String mainClass(String program) {
        return program.split(" ", 2)[0];
    }

    private static RecordedRun open(String name, Path dir) throws IOException {
        TraceDirectory.check(dir);
        return RecordedRun.read(name, dir);
    }
}
