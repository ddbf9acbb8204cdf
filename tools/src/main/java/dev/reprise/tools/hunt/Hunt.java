package dev.reprise.tools.hunt;

import dev.reprise.trace.Durations;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorCompletionService;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.function.BiFunction;
import java.util.function.IntFunction;
import java.util.stream.Stream;

/**
 * Records a program again and again, {@code jobs} runs at a time, each under its own perturbation,
 * until one fails ({@link FailureRules}) or the budget (runs, time) is spent. Each run's trace goes
 * into a folder of {@code work}; the passing ones are deleted as they end, and so are those still
 * running when the hunt stops (they are stopped), so only the first failing run's trace is left.
 * A line on {@code progress} after each run says how far the hunt is.
 */
public final class Hunt {
    /**
     * What to hunt with.
     *
     * @param runs at most this many runs (0: no limit)
     * @param time at most this long (null: no limit)
     * @param jobs runs at a time
     * @param perturbationOf run number to the agent's {@code perturb} value ({@code random:42}), or null for a plain run
     * @param commandOf (trace, perturb value or null) to the command that records the program into that trace
     * @param rules when a run fails
     * @param work where the runs' traces go
     */
    public record Plan(
            int runs,
            Duration time,
            int jobs,
            IntFunction<String> perturbationOf,
            BiFunction<Path, String, List<String>> commandOf,
            FailureRules rules,
            Path work) {}

    /**
     * How a hunt ended.
     *
     * @param failed the first failing run (its trace kept in the work folder), or null
     * @param runs runs that ended (those stopped when the hunt stopped are not counted)
     * @param failures runs that failed (more than one when parallel runs failed together)
     * @param took how long the hunt took
     * @param notRecorded why the agent recorded nothing, when it did not (the hunt stops at once), else null
     */
    public record Result(RunOutcome failed, int runs, int failures, Duration took, String notRecorded) {}

    private final Plan plan;
    private final PrintWriter progress;
    private final Set<Process> live = ConcurrentHashMap.newKeySet();
    private volatile boolean stopping;

    public Hunt(Plan plan, PrintWriter progress) {
        this.plan = plan;
        this.progress = progress;
    }

    /** Hunts until a run fails or the budget is spent; this thread's interruption stops it too. */
    public Result run() throws IOException, InterruptedException {
        long start = System.nanoTime();
        long deadline =
                plan.time() == null ? Long.MAX_VALUE : start + plan.time().toNanos();
        ExecutorService pool = Executors.newFixedThreadPool(plan.jobs(), r -> {
            Thread t = new Thread(r, "reprise-hunt-run");
            t.setDaemon(true);
            return t;
        });
        ExecutorCompletionService<RunOutcome> runs = new ExecutorCompletionService<>(pool);
        int started = 0;
        int ended = 0;
        int failures = 0;
        int inFlight = 0;
        RunOutcome first = null;
        String notRecorded = null;
        try {
            while (inFlight < plan.jobs() && mayStart(started, deadline)) {
                submit(runs, ++started);
                inFlight++;
            }
            while (inFlight > 0) {
                long wait = deadline - System.nanoTime();
                Future<RunOutcome> done = runs.poll(Math.max(wait, 0), TimeUnit.NANOSECONDS);
                if (done == null) { // time is up: stop what runs, which then comes back discarded
                    stopAll();
                    done = runs.take();
                }
                inFlight--;
                RunOutcome o = outcome(done);
                if (stopping) {
                    delete(o.trace());
                    continue;
                }
                ended++;
                if (o.notRecorded() != null) {
                    notRecorded = o.notRecorded();
                    delete(o.trace());
                    stopAll();
                    continue;
                }
                if (o.failed()) {
                    failures++;
                    first = o;
                    stopAll();
                } else {
                    delete(o.trace());
                }
                report(o, ended, failures, deadline);
                if (!stopping && mayStart(started, deadline)) {
                    submit(runs, ++started);
                    inFlight++;
                }
            }
        } finally {
            stopAll();
            pool.shutdownNow();
        }
        return new Result(first, ended, failures, Duration.ofNanos(System.nanoTime() - start), notRecorded);
    }

    /** Stops every run in flight (a Ctrl-C of the hunt, time up, a failure found); their outcomes are discarded. */
    public void stopAll() throws InterruptedException {
        stopping = true;
        for (Process p : List.copyOf(live)) {
            HuntRun.stop(p);
        }
    }

    private boolean mayStart(int started, long deadline) {
        return !stopping && (plan.runs() == 0 || started < plan.runs()) && System.nanoTime() < deadline;
    }

    private void submit(ExecutorCompletionService<RunOutcome> runs, int number) {
        String perturbation = plan.perturbationOf().apply(number);
        Path trace = plan.work().resolve("run-" + number);
        List<String> command = plan.commandOf().apply(trace, perturbation);
        runs.submit(() ->
                HuntRun.run(number, perturbation == null ? "plain" : perturbation, command, trace, plan.rules(), live));
    }

    private static RunOutcome outcome(Future<RunOutcome> done) throws IOException, InterruptedException {
        try {
            return done.get();
        } catch (ExecutionException e) {
            if (e.getCause() instanceof IOException io) {
                throw io;
            }
            if (e.getCause() instanceof UncheckedIOException io) {
                throw io.getCause();
            }
            throw new IllegalStateException("a run of the hunt failed: " + e.getCause(), e.getCause());
        }
    }

    private void report(RunOutcome o, int ended, int failures, long deadline) {
        StringBuilder line = new StringBuilder(String.format(
                Locale.ROOT,
                "[hunt] run %d (%s) %s in %.1fs; %d run%s, %d failed",
                o.number(),
                o.perturbation(),
                o.failed() ? "FAILED: " + o.failure() + "," : "passed",
                o.seconds(),
                ended,
                ended == 1 ? "" : "s",
                failures));
        if (!o.failed()) {
            if (plan.runs() > 0) {
                line.append("; ").append(plan.runs() - ended).append(" runs left");
            }
            if (deadline != Long.MAX_VALUE) {
                line.append("; ")
                        .append(Durations.text(Duration.ofNanos(deadline - System.nanoTime())))
                        .append(" left");
            }
        }
        progress.println(line);
        progress.flush();
    }

    /** Deletes a folder tree, if it is there. */
    public static void delete(Path dir) throws IOException {
        if (!Files.exists(dir)) {
            return;
        }
        try (Stream<Path> s = Files.walk(dir)) {
            for (Path p : s.sorted(Comparator.reverseOrder()).toList()) {
                Files.deleteIfExists(p);
            }
        }
    }
}
