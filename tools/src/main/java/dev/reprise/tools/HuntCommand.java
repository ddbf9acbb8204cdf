package dev.reprise.tools;

import dev.reprise.tools.hunt.FailureRules;
import dev.reprise.tools.hunt.Hunt;
import dev.reprise.tools.hunt.HuntStrategy;
import dev.reprise.tools.hunt.RunOutcome;
import dev.reprise.tools.hunt.ShellWords;
import dev.reprise.trace.Durations;
import dev.reprise.trace.ExitCodes;
import dev.reprise.trace.TraceFiles;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.concurrent.ThreadLocalRandom;
import java.util.regex.Pattern;
import java.util.regex.PatternSyntaxException;
import java.util.stream.Stream;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/** {@code reprise hunt [--runs N] [--time T] [--until REGEX] [--jobs J] [--keep DIR] -- <java arguments>}. */
@Command(
        name = "hunt",
        mixinStandardHelpOptions = true,
        description = {
            "Records a Java program again and again, each run under another perturbation of its schedule (agent "
                    + "option perturb=STRATEGY:SEED), until a run fails: it exits with a status other than 0, an "
                    + "actor's turn throws an exception it does not catch, a line of its output matches --until, or "
                    + "it does not end within --run-timeout. That run's trace is kept (the others are deleted), and "
                    + "the command that replays it is printed on standard output.",
            "Progress (runs done, failures, what is left) goes to standard error, a line per run; the runs' own "
                    + "output does not: a kept trace holds its run's standard output (output.txt) and error "
                    + "(stderr.txt).",
            "Exits 0 when a failing run was found and kept, 1 when none failed within the budget, 2 on bad usage, "
                    + "89 when the agent could not record the program."
        })
final class HuntCommand implements Callable<Integer> {
    /** Runs when neither --runs nor --time sets a budget. */
    static final int DEFAULT_RUNS = 100;

    @Option(
            names = "--runs",
            paramLabel = "N",
            description = "At most N runs (default " + DEFAULT_RUNS + ", or no limit when --time alone is given).")
    Integer runs;

    @Option(
            names = "--time",
            paramLabel = "DURATION",
            description = "At most this long, e.g. 90s, 10m, 1h (runs still going then are stopped and not counted).")
    String time;

    @Option(
            names = "--until",
            paramLabel = "REGEX",
            description = "A run fails when a line of its standard output or error matches REGEX (Java regex, "
                    + "found anywhere in the line), e.g. --until 'balance: -'.")
    String until;

    @Option(
            names = "--jobs",
            paramLabel = "J",
            defaultValue = "1",
            description = "Runs at a time (default 1; more finds sooner on a machine with cores to spare, though "
                    + "a busy machine perturbs the schedule too).")
    int jobs;

    @Option(
            names = "--keep",
            paramLabel = "DIR",
            defaultValue = "hunted-trace",
            description = "Where the failing run's trace goes (default ./hunted-trace); it must not exist, or be "
                    + "an empty directory. The runs' traces are written beside it while the hunt goes on.")
    Path keep;

    @Option(
            names = "--strategy",
            paramLabel = "S",
            defaultValue = "mixed",
            description =
                    "How schedules are perturbed: mixed (default: slow's actors and random's waits for the others), "
                            + "random (random yields and waits before actors' turns, timers put off), pct (a random priority per actor, a few change points), bounded (two "
                            + "long waits per run), slow (some actors wait before every turn, each its own time), or plain (no perturbation: the program as it runs, for comparison).")
    String strategy;

    @Option(
            names = "--seed",
            paramLabel = "SEED",
            description = "The first run's seed; run N has SEED+N-1 (default: a random one). A seed and strategy "
                    + "perturb a run the same way again, though the machine's own timing varies.")
    Long seed;

    @Option(
            names = "--run-timeout",
            paramLabel = "DURATION",
            defaultValue = "2m",
            description = "A run that takes longer is stopped and counts as failed (a hang); default 2m.")
    String runTimeout;

    @Option(
            names = "--allow-actor-failures",
            description = "Do not count actors' uncaught exceptions as failures (a program whose supervisors "
                    + "handle them on purpose).")
    boolean allowActorFailures;

    @Option(
            names = {"-o", "--option"},
            paramLabel = "KEY=VALUE",
            description = "An agent option for every run, as for reprise record (e.g. -o include=com.acme.).")
    List<String> options = new ArrayList<>();

    @Parameters(paramLabel = "JAVA_ARGS", arity = "0..*", description = "The java command line, after --.")
    List<String> javaArguments = new ArrayList<>();

    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    @Override
    public Integer call() throws Exception {
        Hunt.Plan plan = plan();
        PrintWriter err = spec.commandLine().getErr();
        err.println("[hunt] " + budget(plan) + ", " + plan.jobs() + " at a time, "
                + (plan.perturbationOf().apply(1) == null
                        ? "plain (no perturbation)"
                        : plan.perturbationOf().apply(1) + " first")
                + "; a failing run's trace goes to " + keep.toAbsolutePath().normalize());
        Hunt hunt = new Hunt(plan, err);
        Thread stopOnExit = new Thread(() -> stopped(hunt, plan.work()), "reprise-hunt-stop");
        Runtime.getRuntime().addShutdownHook(stopOnExit);
        Hunt.Result result;
        try {
            result = hunt.run();
        } finally {
            try {
                Runtime.getRuntime().removeShutdownHook(stopOnExit);
            } catch (IllegalStateException shuttingDown) {
                // the hook runs now: it stops the runs and cleans up
            }
        }
        try {
            return report(result, err);
        } finally {
            Hunt.delete(plan.work());
        }
    }

    /** The options checked, as a plan; its work folder made beside --keep. */
    Hunt.Plan plan() throws IOException {
        HuntStrategy chosen = option("--strategy", () -> HuntStrategy.parse(strategy));
        Duration budget = time == null ? null : option("--time", () -> Durations.parse(time));
        Duration perRun = option("--run-timeout", () -> Durations.parse(runTimeout));
        if (runs != null && runs < 1) {
            throw usage("--runs must be 1 or more, was " + runs);
        }
        if (jobs < 1) {
            throw usage("--jobs must be 1 or more, was " + jobs);
        }
        Pattern pattern = until == null ? null : option("--until", () -> compile(until));
        for (String o : options) {
            int eq = o.indexOf('=');
            if (eq < 1) {
                throw usage("--option expects KEY=VALUE, got '" + o + "'");
            }
            String key = o.substring(0, eq).trim();
            if (key.equals("perturb") || key.equals("trace")) {
                throw usage("--option " + key + " is hunt's to set (use --strategy and --seed)");
            }
        }
        if (javaArguments.isEmpty()) {
            throw usage(
                    "give the java command line after --, e.g. reprise hunt --runs 50 -- -cp app.jar com.acme.Main");
        }
        checkKeep();
        long first = seed != null ? seed : ThreadLocalRandom.current().nextLong(1, 1_000_000_000L);
        Path parent = keep.toAbsolutePath().getParent();
        Files.createDirectories(parent);
        Path work = Files.createTempDirectory(parent, ".reprise-hunt-");
        int maxRuns = runs != null ? runs : budget != null ? 0 : DEFAULT_RUNS;
        return new Hunt.Plan(
                maxRuns,
                budget,
                jobs,
                n -> chosen.perturbation(first + n - 1),
                (trace, perturbation) -> RecordCommand.command(trace, agentOptions(perturbation), javaArguments),
                new FailureRules(pattern, allowActorFailures, perRun),
                work);
    }

    private static String budget(Hunt.Plan plan) {
        String runs = plan.runs() == 0 ? null : "up to " + plan.runs() + " run" + (plan.runs() == 1 ? "" : "s");
        String time = plan.time() == null ? null : "for up to " + Durations.text(plan.time());
        return runs == null ? time : time == null ? runs : runs + " " + time;
    }

    private List<String> agentOptions(String perturbation) {
        List<String> all = new ArrayList<>(options);
        if (perturbation != null) {
            all.add("perturb=" + perturbation);
        }
        return all;
    }

    private void checkKeep() throws IOException {
        if (Files.isRegularFile(keep)) {
            throw usage("--keep " + keep + " is a file; name a directory for the failing run's trace");
        }
        if (Files.isDirectory(keep)) {
            try (Stream<Path> entries = Files.list(keep)) {
                if (entries.findAny().isPresent()) {
                    throw usage("--keep " + keep + " is not empty"
                            + (Files.exists(TraceFiles.events(keep)) ? " (it holds a trace)" : "")
                            + "; name a new or empty directory");
                }
            }
        }
    }

    private int report(Hunt.Result result, PrintWriter err) throws IOException {
        String took = Durations.text(result.took());
        if (result.notRecorded() != null) {
            err.println("[hunt] nothing was recorded: " + result.notRecorded() + "; the hunt stops");
            return ExitCodes.NOT_RECORDED;
        }
        RunOutcome failed = result.failed();
        if (failed == null) {
            err.println("[hunt] no run failed: " + result.runs() + " run" + (result.runs() == 1 ? "" : "s") + " in "
                    + took);
            return 1;
        }
        if (Files.isDirectory(keep)) {
            Files.delete(keep); // empty, as checked
        }
        Files.move(failed.trace(), keep);
        Path kept = keep.toAbsolutePath().normalize();
        err.println("[hunt] run " + failed.number() + " failed after " + result.runs() + " run"
                + (result.runs() == 1 ? "" : "s") + " in " + took + ": " + failed.failure());
        String how = failed.perturbation().equals("plain")
                ? "a plain run"
                : "perturb=" + failed.perturbation() + " in its trace.json";
        err.println("[hunt] its trace is in " + kept + " (" + how
                + "; its output in output.txt and stderr.txt); replay it with:");
        List<String> replay = new ArrayList<>(List.of(script(), "replay", "--trace", kept.toString(), "--"));
        replay.addAll(javaArguments);
        spec.commandLine().getOut().println(ShellWords.join(replay));
        return 0;
    }

    /** The ./reprise script by its path when the tools run through it, else {@code reprise}. */
    private static String script() {
        String home = System.getProperty("reprise.home");
        return home == null ? "reprise" : Path.of(home).resolve("reprise").toString();
    }

    /** A stop of this JVM (Ctrl-C): the runs are stopped and their traces deleted. */
    private static void stopped(Hunt hunt, Path work) {
        try {
            hunt.stopAll();
            Hunt.delete(work);
        } catch (IOException | InterruptedException e) {
            System.err.println("[hunt] could not clean up " + work + ": " + e);
        }
    }

    private static Pattern compile(String regex) {
        try {
            return Pattern.compile(regex);
        } catch (PatternSyntaxException e) {
            throw new IllegalArgumentException(
                    "not a regular expression: " + e.getDescription() + " near index " + e.getIndex());
        }
    }

    private interface Parse<T> {
        T get();
    }

    /** {@code parse}'s value; its IllegalArgumentException as a usage error about {@code option}. */
    private <T> T option(String option, Parse<T> parse) {
        try {
            return parse.get();
        } catch (IllegalArgumentException e) {
            throw usage(option + ": " + e.getMessage());
        }
    }

    private CommandLine.ParameterException usage(String message) {
        return new CommandLine.ParameterException(spec.commandLine(), message);
    }
}
