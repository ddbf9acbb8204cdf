package dev.reprise.agent;

import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.reprise.testsupport.ChildProcess;
import dev.reprise.testsupport.Project;
import dev.reprise.testsupport.SamplePrograms;
import dev.reprise.testsupport.Traces;
import dev.reprise.trace.TraceEvent;
import java.io.IOException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;

/**
 * A test program (of the samples module, or a Savina benchmark) run in its own JVM with the
 * packaged agent attached, and what it left: exit code, output, and the trace read back.
 */
final class RecordedRun {
    final Path trace;
    final int exitCode;
    final List<String> out;
    final String err;
    private Map<Long, List<TraceEvent>> events;

    private RecordedRun(Path trace, int exitCode, List<String> out, String err) {
        this.trace = trace;
        this.exitCode = exitCode;
        this.out = out;
        this.err = err;
    }

    /** The packaged agent ({@code reprise.agent.jar}, which the pom sets); fails the test if it is not packaged. */
    static Path agentJar() {
        return Project.requirePackaged(Project.agentJar(), "run mvn package first");
    }

    static RecordedRun record(Path trace, String agentOptions, Class<?> main, String... args) throws Exception {
        String agentArg = "record,trace=" + trace + (agentOptions.isEmpty() ? "" : "," + agentOptions);
        return run(trace, "-javaagent:" + agentJar() + "=" + agentArg, main, args);
    }

    static RecordedRun withoutAgent(Class<?> main, String... args) throws Exception {
        return run(null, null, main, args);
    }

    /** Replays {@code trace} with the program; {@code jvmOptions} e.g. other dispatcher settings. */
    static RecordedRun replay(Path trace, List<String> jvmOptions, Class<?> main, String... args) throws Exception {
        return replay(trace, jvmOptions, LIMIT, main, args);
    }

    /** {@link #replay(Path, List, Class, String...)} of a long trace, which may take up to {@code limit}. */
    static RecordedRun replay(Path trace, List<String> jvmOptions, Duration limit, Class<?> main, String... args)
            throws Exception {
        return run(
                trace,
                // The agent's tests replay changed programs on purpose; the program check is ChangedProgramIT's.
                "-javaagent:" + agentJar() + "=replay,trace=" + trace + ",quiet=3s,changedProgram=true",
                jvmOptions,
                limit,
                main,
                args);
    }

    /** How long a test program may run before it counts as hung. */
    private static final Duration LIMIT = Duration.ofSeconds(120);

    static RecordedRun run(Path trace, String agentFlag, Class<?> main, String... args) throws Exception {
        return run(trace, agentFlag, List.of(), main, args);
    }

    static RecordedRun run(Path trace, String agentFlag, List<String> jvmOptions, Class<?> main, String... args)
            throws Exception {
        return run(trace, agentFlag, jvmOptions, LIMIT, main, args);
    }

    /**
     * The program in a JVM of its own ({@link #program}), with {@code agentFlag} (a {@code
     * -javaagent:...} option, or null) after {@code jvmOptions}, 256 MB of heap unless they say.
     */
    private static RecordedRun run(
            Path trace, String agentFlag, List<String> jvmOptions, Duration limit, Class<?> main, String... args) {
        ChildProcess.Result r = program(agentFlag, jvmOptions, main, args)
                .timeout(limit)
                .threadDumpOnTimeout()
                .run();
        if (r.timedOut()) {
            List<String> lines = r.outLines();
            throw new AssertionError(main.getSimpleName() + " did not finish (" + agentFlag + "): " + r.err()
                    + "\nlast output: " + String.join("\n", lines.subList(Math.max(0, lines.size() - 5), lines.size()))
                    + "\n" + r.threadDump());
        }
        return new RecordedRun(trace, r.exit(), r.outLines(), r.err());
    }

    /** The command that runs a test program: its {@link SamplePrograms#classPath class path}, and the agent flag if not null. */
    static ChildProcess program(String agentFlag, List<String> jvmOptions, Class<?> main, String... args) {
        ChildProcess child = SamplePrograms.jvm(main, args);
        if (jvmOptions.stream().noneMatch(o -> o.startsWith("-Xmx"))) {
            child.jvmOptions("-Xmx256m");
        }
        child.jvmOptions(jvmOptions);
        if (agentFlag != null) {
            child.jvmOptions(agentFlag);
        }
        return child;
    }

    /** Every actor's events, in recorded order. */
    Map<Long, List<TraceEvent>> events() throws IOException {
        if (events == null) {
            events = Traces.events(trace);
        }
        return events;
    }

    List<TraceEvent> eventsOf(long actor) throws IOException {
        return events().getOrDefault(actor, List.of());
    }

    /** The pseudo-actor id of an outside thread by its context name: "main", "main/thread 2" (main's second thread). */
    long threadSource(String threadName) throws IOException {
        return Traces.sourceId(trace, "thread:" + threadName);
    }

    /** The actors (and timers, temp actors) {@code creator} created, in order. */
    List<Long> createdBy(long creator) throws IOException {
        return eventsOf(creator).stream()
                .filter(e -> e instanceof TraceEvent.Creation)
                .map(e -> ((TraceEvent.Creation) e).child())
                .toList();
    }

    long messagesOf(long actor) throws IOException {
        return eventsOf(actor).stream().filter(TraceEvent::isMessage).count();
    }

    /**
     * The replay summary says every application actor consumed its recorded events
     * ({@link Traces#assertApplicationTraceConsumed}).
     */
    void assertApplicationTraceConsumed() {
        Traces.assertApplicationTraceConsumed(err);
    }

    /** Output lines starting with {@code prefix}, without it. */
    List<String> lines(String prefix) {
        return out.stream()
                .filter(l -> l.startsWith(prefix))
                .map(l -> l.substring(prefix.length()))
                .toList();
    }

    String line(String prefix) {
        List<String> l = lines(prefix);
        assertTrue(l.size() == 1, "expected one line '" + prefix + "...' in " + out + "\nstderr: " + err);
        return l.get(0);
    }

    @Override
    public String toString() {
        return "exit " + exitCode + "\nout: " + out + "\nerr: " + err;
    }
}
