package dev.reprise.tools.hunt;

import dev.reprise.trace.Durations;
import dev.reprise.trace.TraceFiles;
import dev.reprise.trace.TraceMetadata;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Set;
import java.util.concurrent.TimeUnit;

/**
 * One recorded run of a hunt: the program's JVM with the agent recording into {@code trace}, its
 * standard output kept there as {@code reprise record} keeps it (for the replay to compare) and its
 * standard error beside it ({@link #ERRORS}), neither on the terminal; then the verdict of
 * {@link FailureRules}.
 */
final class HuntRun {
    /** The file in a hunted trace's directory that keeps the run's standard error. */
    static final String ERRORS = "stderr.txt";

    /** How long a stopped run may take to close its trace before it is killed. */
    private static final long STOP_SECONDS = 10;

    private HuntRun() {}

    /**
     * Runs {@code command}, which records into {@code trace}, as run {@code number} under
     * {@code perturbation}; {@code live} holds its process while it runs (so a stopped hunt can stop it).
     */
    static RunOutcome run(
            int number, String perturbation, List<String> command, Path trace, FailureRules rules, Set<Process> live)
            throws IOException, InterruptedException {
        long started = System.nanoTime();
        Files.createDirectories(trace);
        Process program = new ProcessBuilder(command).start();
        live.add(program);
        try {
            program.getOutputStream().close(); // no input: a run that waits for some ends at once
            OutputLines out = new OutputLines(rules.until());
            OutputLines err = new OutputLines(rules.until());
            Thread outCopy = copier(out, program.getInputStream(), Files.newOutputStream(TraceFiles.output(trace)));
            Thread errCopy = copier(err, program.getErrorStream(), Files.newOutputStream(trace.resolve(ERRORS)));
            boolean ended = program.waitFor(rules.runTimeout().toMillis(), TimeUnit.MILLISECONDS);
            if (!ended) {
                stop(program);
            }
            outCopy.join();
            errCopy.join();
            double seconds = (System.nanoTime() - started) / 1e9;
            String matched = out.matched() != null ? out.matched() : err.matched();
            TraceMetadata metadata = metadata(trace);
            String failure = !ended
                    ? "no end within " + Durations.text(rules.runTimeout()) + " (a hang?): stopped"
                    : verdict(program.exitValue(), matched, metadata, rules);
            String notRecorded = metadata == null ? null : metadata.notRecorded();
            return new RunOutcome(number, perturbation, failure, trace, seconds, notRecorded);
        } finally {
            live.remove(program);
        }
    }

    /** Why a run that ended with {@code status} failed, or null when it passed. */
    static String verdict(int status, String matched, TraceMetadata metadata, FailureRules rules) {
        if (matched != null) {
            return "a line matched --until: " + matched;
        }
        if (status != 0) {
            return "exit status " + status;
        }
        long failures = metadata == null ? 0 : metadata.actorFailures();
        if (failures > 0 && !rules.allowActorFailures()) {
            return failures == 1
                    ? "an uncaught error in an actor (see its log)"
                    : failures + " uncaught errors in actors (see their log)";
        }
        return null;
    }

    /** SIGTERM, so the recording closes its trace; killed if it does not end soon. */
    static void stop(Process program) throws InterruptedException {
        program.destroy();
        if (!program.waitFor(STOP_SECONDS, TimeUnit.SECONDS)) {
            program.destroyForcibly().waitFor();
        }
    }

    private static TraceMetadata metadata(Path trace) {
        try {
            return Files.isRegularFile(TraceFiles.metadata(trace)) ? TraceMetadata.read(trace) : null;
        } catch (IOException | RuntimeException e) {
            return null; // a damaged trace: the run's exit status says more
        }
    }

    private static Thread copier(OutputLines lines, InputStream from, OutputStream to) {
        Thread t = new Thread(
                () -> {
                    try {
                        lines.copy(from, to);
                    } catch (IOException e) {
                        throw new UncheckedIOException(e);
                    }
                },
                "reprise-hunt-output");
        t.setDaemon(true);
        t.start();
        return t;
    }
}
