package dev.reprise.agent;

import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.reprise.trace.SourceNames;
import dev.reprise.trace.TraceEvent;
import dev.reprise.trace.TraceReader;
import java.io.File;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.stream.Collectors;

/**
 * A test program run in its own JVM with the packaged agent attached, and what it left: exit
 * code, output, and the trace read back.
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

    static Path agentJar() {
        Path jar = Path.of(System.getProperty("reprise.agent.jar", "target/reprise-agent.jar"));
        assertTrue(Files.isRegularFile(jar), "the packaged agent is missing: " + jar + " (run mvn package first)");
        return jar;
    }

    /** The program's class path: test classes, Akka, Scala and Config; the agent jar brings the rest. */
    static String programClassPath() {
        return Arrays.stream(System.getProperty("java.class.path").split(File.pathSeparator))
                .filter(p -> p.endsWith("test-classes") || p.contains("akka-actor") || p.contains(File.separator + "scala-")
                        || p.contains(File.separator + "config" + File.separator) || p.contains("savina-bench")
                        || p.contains("reprise-savina-bench"))
                .collect(Collectors.joining(File.pathSeparator));
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
        return run(trace, "-javaagent:" + agentJar() + "=replay,trace=" + trace + ",quiet=3s", jvmOptions, limit, main, args);
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

    private static RecordedRun run(Path trace, String agentFlag, List<String> jvmOptions, Duration limit, Class<?> main,
                                   String... args) throws Exception {
        List<String> cmd = new ArrayList<>(List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "--sun-misc-unsafe-memory-access=allow"));
        if (jvmOptions.stream().noneMatch(o -> o.startsWith("-Xmx"))) {
            cmd.add("-Xmx256m");
        }
        cmd.addAll(jvmOptions);
        if (agentFlag != null) {
            cmd.add(agentFlag);
        }
        cmd.addAll(List.of("-cp", programClassPath(), main.getName()));
        cmd.addAll(List.of(args));
        Path outFile = Files.createTempFile("program", ".out");
        Path errFile = Files.createTempFile("program", ".err");
        Process p = new ProcessBuilder(cmd).redirectOutput(outFile.toFile()).redirectError(errFile.toFile()).start();
        if (!p.waitFor(limit.toMillis(), TimeUnit.MILLISECONDS)) {
            String threads = threadDump(p);
            p.destroyForcibly();
            throw new AssertionError(main.getSimpleName() + " did not finish (" + agentFlag + "): "
                    + Files.readString(errFile) + "\nlast output: " + tail(outFile) + "\n" + threads);
        }
        RecordedRun r = new RecordedRun(trace, p.exitValue(), Files.readAllLines(outFile, StandardCharsets.UTF_8),
                Files.readString(errFile, StandardCharsets.UTF_8));
        Files.delete(outFile);
        Files.delete(errFile);
        return r;
    }

    /** The threads of a program that hangs, for the failure message. */
    private static String threadDump(Process p) {
        try {
            Process jstack = new ProcessBuilder(Path.of(System.getProperty("java.home"), "bin", "jstack").toString(),
                    Long.toString(p.pid())).redirectErrorStream(true).start();
            String dump = new String(jstack.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
            jstack.waitFor(30, TimeUnit.SECONDS);
            return dump;
        } catch (Exception e) {
            return "(no thread dump: " + e + ")";
        }
    }

    private static String tail(Path file) throws IOException {
        List<String> lines = Files.readAllLines(file, StandardCharsets.UTF_8);
        return String.join("\n", lines.subList(Math.max(0, lines.size() - 5), lines.size()));
    }

    /** Every actor's events, in recorded order. */
    Map<Long, List<TraceEvent>> events() throws IOException {
        if (events == null) {
            try (TraceReader reader = TraceReader.open(trace)) {
                events = reader.readAllEvents();
            }
        }
        return events;
    }

    List<TraceEvent> eventsOf(long actor) throws IOException {
        return events().getOrDefault(actor, List.of());
    }

    /** The pseudo-actor id of an outside thread by its context name: "main", "main/thread 2" (main's second thread). */
    long threadSource(String threadName) throws IOException {
        long id = SourceNames.read(trace).id("thread:" + threadName);
        assertTrue(id > 0, "no source for thread " + threadName + " in the trace");
        return id;
    }

    /** The actors (and timers, temp actors) {@code creator} created, in order. */
    List<Long> createdBy(long creator) throws IOException {
        return eventsOf(creator).stream().filter(e -> e instanceof TraceEvent.Creation)
                .map(e -> ((TraceEvent.Creation) e).child()).toList();
    }

    long messagesOf(long actor) throws IOException {
        return eventsOf(actor).stream().filter(TraceEvent::isMessage).count();
    }

    /**
     * The replay summary says every application actor consumed its recorded events. (Akka's own
     * actors and threads race the system's shutdown with the end of a recording; until system-wide
     * stops are ordered in the trace, the summary counts what they left apart.)
     */
    void assertApplicationTraceConsumed() {
        assertTrue(err.contains("the whole trace was consumed")
                || err.contains("every application actor consumed its recorded events"), err);
    }

    /** Output lines starting with {@code prefix}, without it. */
    List<String> lines(String prefix) {
        return out.stream().filter(l -> l.startsWith(prefix)).map(l -> l.substring(prefix.length())).toList();
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
