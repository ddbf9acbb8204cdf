package dev.reprise.agent;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.function.Consumer;
import java.util.function.Function;

/** How the replay tests run a racy program: recorded several times, each recording replayed and compared. */
final class RacyRuns {
    /** The recording's agent options: the clock calls recorded are the sample programs' own. */
    static final String CALLS = "include=dev.reprise.programs";

    private RacyRuns() {}

    /**
     * {@code program} recorded {@code runs} times, each recording replayed: both exit 0 with the
     * same {@code result}. Returns the recorded results.
     */
    static List<String> recordAndReplay(
            Path tmp, Class<?> program, int runs, Function<RecordedRun, String> result, String... args)
            throws Exception {
        List<String> recorded = new ArrayList<>();
        for (int i = 0; i < runs; i++) {
            Path trace = tmp.resolve(program.getSimpleName() + i);
            RecordedRun rec = RecordedRun.record(trace, CALLS, program, args);
            assertEquals(0, rec.exitCode, rec.toString());
            RecordedRun rep = RecordedRun.replay(trace, List.of(), program, args);
            assertEquals(0, rep.exitCode, rep.toString());
            assertEquals(
                    result.apply(rec),
                    result.apply(rep),
                    program.getSimpleName() + " run " + i + " replayed differently");
            assertTrue(rep.err.contains("replay of " + trace), rep.err);
            recorded.add(result.apply(rec));
        }
        return recorded;
    }

    /**
     * {@code program} recorded three times, each recording (exit 0) checked by {@code recorded},
     * and each replayed under every one of {@code settings} (JVM options): exit 0, the same
     * {@code output}, the whole trace consumed.
     */
    static void recordedThriceReplayedUnder(
            Path tmp,
            String name,
            Class<?> program,
            Consumer<RecordedRun> recorded,
            Function<RecordedRun, String> output,
            List<List<String>> settings)
            throws Exception {
        for (int i = 0; i < 3; i++) {
            Path trace = tmp.resolve(name + i);
            RecordedRun rec = RecordedRun.record(trace, CALLS, program);
            assertEquals(0, rec.exitCode, rec.toString());
            recorded.accept(rec);
            replaysAsRecordedUnder(trace, rec, program, settings, output, "run " + i);
        }
    }

    /**
     * {@code program} recorded three times under schedule perturbation ({@code perturb=mixed:1} to
     * {@code 3}) with fingerprints (so a turn that sends more or fewer than recorded is caught), each
     * recording ending with {@code lastLine} and no internal error of the agent's, and replayed under
     * both dispatchers to the same output, the whole trace consumed; the three recordings must not
     * all print the same.
     */
    static void recordedPerturbedThriceReplayed(Path tmp, Class<?> program, String lastLine) throws Exception {
        Set<String> outputs = new HashSet<>();
        for (int i = 0; i < 3; i++) {
            Path trace = tmp.resolve(program.getSimpleName() + i);
            RecordedRun rec = RecordedRun.record(trace, CALLS + ",fingerprints=true,perturb=mixed:" + (i + 1), program);
            assertEquals(0, rec.exitCode, rec.toString());
            assertTrue(rec.out.contains(lastLine), rec.toString());
            assertFalse(rec.err.contains("internal error"), rec.err);
            outputs.add(programOutput(rec));
            replaysAsRecordedUnder(trace, rec, program, BOTH_DISPATCHERS, RacyRuns::programOutput, "run " + i);
        }
        assertTrue(
                outputs.size() > 1,
                program.getSimpleName() + " should print another order from run to run: " + outputs);
    }

    /**
     * {@code trace}, recorded as {@code rec}, replayed under each of {@code settings} (JVM
     * options): exit 0, the same {@code output}, the whole trace consumed; {@code run} names it in failures.
     */
    static void replaysAsRecordedUnder(
            Path trace,
            RecordedRun rec,
            Class<?> program,
            List<List<String>> settings,
            Function<RecordedRun, String> output,
            String run)
            throws Exception {
        for (List<String> jvmOptions : settings) {
            RecordedRun rep = RecordedRun.replay(trace, jvmOptions, program);
            assertEquals(0, rep.exitCode, run + " " + jvmOptions + ": " + rep);
            assertEquals(output.apply(rec), output.apply(rep), run + " " + jvmOptions + ": " + rep.err);
            rep.assertApplicationTraceConsumed();
        }
    }

    /** The program's own lines, in order (Akka's log lines carry this run's times). */
    static String programOutput(RecordedRun r) {
        return String.join("\n", r.out.stream().filter(l -> !l.startsWith("[")).toList());
    }

    /** JVM options for a default dispatcher of one thread. */
    static final List<String> ONE_DISPATCHER_THREAD = List.of(
            "-Dakka.actor.default-dispatcher.fork-join-executor.parallelism-min=1",
            "-Dakka.actor.default-dispatcher.fork-join-executor.parallelism-max=1");

    /** Replayed under Akka's default dispatcher, then with one dispatcher thread. */
    static final List<List<String>> BOTH_DISPATCHERS = List.of(List.of(), ONE_DISPATCHER_THREAD);
}
