package dev.reprise.testsupport;

import java.io.File;
import java.io.IOException;
import java.io.RandomAccessFile;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.concurrent.TimeUnit;
import java.util.function.Predicate;

/**
 * The one way the tests start a child process: a JVM ({@link #java()}: the JDK running the tests,
 * with the project's standard flags) or any other command ({@link #command}: the {@code ./reprise}
 * script, Maven, a shell). A builder: say what to run, then {@link #run()} it to its end or
 * {@link #start()} it and act on it while it runs.
 *
 * <p>What every child gets, unless told otherwise: standard input from {@code /dev/null} (a child
 * that reads it sees its end at once, never waits for the test), standard output and error each
 * captured whole in a file (temporary ones, deleted once read, unless {@link #output} names them),
 * so a child that prints a lot never blocks on a full pipe; a time limit ({@link #DEFAULT_TIMEOUT}),
 * after which the child and every process it started are killed with SIGKILL and the result says
 * so ({@link Result#timedOut()}, exit code -1). Nothing is thrown for a nonzero exit or a time-out:
 * the test asserts what it expects of the {@link Result}.
 *
 * <pre>{@code
 * ChildProcess.Result r = ChildProcess.java()
 *         .jvmOptions("-Xmx256m")
 *         .agent(Project.agentJar(), "record,trace=" + trace)
 *         .classPath(SamplePrograms.classPath(PingPongProgram.class))
 *         .main(PingPongProgram.class, "1000")
 *         .timeout(Duration.ofMinutes(2))
 *         .run();
 * assertEquals(0, r.exit(), r::toString);
 * }</pre>
 *
 * <p>A JVM's command line is built in this order: {@code java}, {@link #STANDARD_JVM_FLAGS}, the
 * {@link #jvmOptions}, the {@link #agent}, the {@link #systemProperty system properties}, {@code
 * -cp} and the {@link #classPath}, the {@link #main main class} or {@link #jar}, its {@link #args}.
 */
public final class ChildProcess {
    /**
     * The flags every child JVM gets, as {@code ./reprise} and the build give them: Akka (and Maven's
     * own libraries) still use {@code sun.misc.Unsafe}, which JDK 25 warns about on every run.
     */
    public static final List<String> STANDARD_JVM_FLAGS = List.of("--sun-misc-unsafe-memory-access=allow");

    /** How long a child may run unless {@link #timeout} says otherwise. */
    public static final Duration DEFAULT_TIMEOUT = Duration.ofMinutes(2);

    /** How often a running child's output is looked at while waiting for a line of it. */
    private static final long POLL_MILLIS = 10;

    private static final File NO_INPUT = new File("/dev/null");

    private final boolean jvm;
    private final List<String> command = new ArrayList<>();
    private final List<String> jvmOptions = new ArrayList<>();
    private String agentFlag;
    private final Map<String, String> systemProperties = new LinkedHashMap<>();
    private String classPath;
    private final List<String> launch = new ArrayList<>();
    private final List<String> args = new ArrayList<>();
    private Path directory;
    private File stdin = NO_INPUT;
    private final Map<String, String> environment = new LinkedHashMap<>();
    private Duration timeout = DEFAULT_TIMEOUT;
    private Path outFile;
    private Path errFile;
    private Errors errors = Errors.SEPARATE;
    private boolean threadDumpOnTimeout;

    /** Where standard error goes. */
    private enum Errors {
        SEPARATE,
        MERGED,
        DISCARDED
    }

    private ChildProcess(boolean jvm, List<String> command) {
        this.jvm = jvm;
        this.command.addAll(command);
    }

    /** The {@code java} launcher of the JDK running this test ({@code java.home}). */
    public static Path javaExecutable() {
        return Path.of(System.getProperty("java.home"), "bin", "java");
    }

    /** A JVM of the JDK running this test, with {@link #STANDARD_JVM_FLAGS}. */
    public static ChildProcess java() {
        List<String> start = new ArrayList<>();
        start.add(javaExecutable().toString());
        start.addAll(STANDARD_JVM_FLAGS);
        return new ChildProcess(true, start);
    }

    /** Any program, e.g. {@code command(Project.script().toString(), "verify", dir)}; more words with {@link #args}. */
    public static ChildProcess command(String... words) {
        return command(List.of(words));
    }

    /** Any program: its path and its first arguments. */
    public static ChildProcess command(List<String> words) {
        if (words.isEmpty()) {
            throw new IllegalArgumentException("no command");
        }
        return new ChildProcess(false, words);
    }

    /** JVM options, after the standard flags and those given before (e.g. {@code -Xmx64m}, {@code -XX:...}). */
    public ChildProcess jvmOptions(String... options) {
        return jvmOptions(List.of(options));
    }

    /** JVM options, after the standard flags and those given before. */
    public ChildProcess jvmOptions(List<String> options) {
        requireJvm("jvmOptions");
        jvmOptions.addAll(options);
        return this;
    }

    /** The class path, as {@code -cp} takes it. */
    public ChildProcess classPath(String path) {
        requireJvm("classPath");
        this.classPath = Objects.requireNonNull(path);
        return this;
    }

    /** The class path from its entries (folders and jars), in order. */
    public ChildProcess classPath(List<Path> entries) {
        return classPath(String.join(
                File.pathSeparator, entries.stream().map(Path::toString).toList()));
    }

    /** {@code -javaagent:JAR=OPTIONS}, or {@code -javaagent:JAR} when {@code options} is null or empty. */
    public ChildProcess agent(Path jar, String options) {
        requireJvm("agent");
        agentFlag = "-javaagent:" + jar + (options == null || options.isEmpty() ? "" : "=" + options);
        return this;
    }

    /** {@code -DNAME=VALUE}. */
    public ChildProcess systemProperty(String name, Object value) {
        requireJvm("systemProperty");
        systemProperties.put(name, String.valueOf(value));
        return this;
    }

    /** The main class and the program's first arguments. */
    public ChildProcess main(Class<?> mainClass, String... programArgs) {
        return main(mainClass.getName(), programArgs);
    }

    /** The main class, by name, and the program's first arguments. */
    public ChildProcess main(String mainClass, String... programArgs) {
        requireJvm("main");
        launch.clear();
        launch.add(mainClass);
        args.addAll(List.of(programArgs));
        return this;
    }

    /** {@code -jar JAR} and the program's first arguments. */
    public ChildProcess jar(Path jar, String... programArgs) {
        requireJvm("jar");
        launch.clear();
        launch.addAll(List.of("-jar", jar.toString()));
        args.addAll(List.of(programArgs));
        return this;
    }

    /** More arguments at the end of the command line. */
    public ChildProcess args(String... more) {
        return args(List.of(more));
    }

    /** More arguments at the end of the command line. */
    public ChildProcess args(List<String> more) {
        args.addAll(more);
        return this;
    }

    /** The working directory (default: the test's). */
    public ChildProcess directory(Path dir) {
        this.directory = dir;
        return this;
    }

    /** Standard input read from {@code file} (default: {@code /dev/null}). */
    public ChildProcess stdin(Path file) {
        this.stdin = file == null ? NO_INPUT : file.toFile();
        return this;
    }

    /** An environment variable, beside those the test's process has. */
    public ChildProcess env(String name, String value) {
        environment.put(name, value);
        return this;
    }

    /** Environment variables, beside those the test's process has. */
    public ChildProcess env(Map<String, String> variables) {
        environment.putAll(variables);
        return this;
    }

    /** How long {@link #run()} (or {@link Running#waitFor()}) waits before it kills the child. */
    public ChildProcess timeout(Duration limit) {
        this.timeout = limit;
        return this;
    }

    /**
     * Standard output into {@code out} and standard error into {@code err} (kept after the run, e.g.
     * in the test's folder under {@code target}); {@code err} is ignored when the errors are
     * {@link #mergeErrors merged} or {@link #discardErrors discarded}.
     */
    public ChildProcess output(Path out, Path err) {
        this.outFile = out;
        this.errFile = err;
        return this;
    }

    /** Standard error into the same file as standard output, as {@code 2>&1} does. */
    public ChildProcess mergeErrors() {
        errors = Errors.MERGED;
        return this;
    }

    /** Standard error thrown away. */
    public ChildProcess discardErrors() {
        errors = Errors.DISCARDED;
        return this;
    }

    /** On a time-out, the child's threads ({@code jstack}) go into the result before it is killed. */
    public ChildProcess threadDumpOnTimeout() {
        threadDumpOnTimeout = true;
        return this;
    }

    /** The command line this builder runs. */
    public List<String> commandLine() {
        List<String> cmd = new ArrayList<>(command);
        if (jvm) {
            cmd.addAll(jvmOptions);
            if (agentFlag != null) {
                cmd.add(agentFlag);
            }
            systemProperties.forEach((k, v) -> cmd.add("-D" + k + "=" + v));
            if (classPath != null) {
                cmd.addAll(List.of("-cp", classPath));
            }
            cmd.addAll(launch);
        }
        cmd.addAll(args);
        return cmd;
    }

    /** Runs the child to its end, or kills it (and what it started) after the time limit. */
    public Result run() {
        try (Running running = start()) {
            return running.waitFor();
        }
    }

    /** Starts the child and returns at once. Close the {@link Running} (try-with-resources) so a failed test leaves no child behind. */
    public Running start() {
        List<String> cmd = commandLine();
        try {
            boolean temporary = outFile == null;
            Path out = temporary ? Files.createTempFile("child-", ".out") : createParent(outFile);
            Path err = null;
            ProcessBuilder pb = new ProcessBuilder(cmd)
                    .redirectInput(ProcessBuilder.Redirect.from(stdin))
                    .redirectOutput(out.toFile());
            switch (errors) {
                case MERGED -> pb.redirectErrorStream(true);
                case DISCARDED -> pb.redirectError(ProcessBuilder.Redirect.DISCARD);
                case SEPARATE -> {
                    err = temporary || errFile == null ? Files.createTempFile("child-", ".err") : createParent(errFile);
                    pb.redirectError(err.toFile());
                }
            }
            if (directory != null) {
                pb.directory(directory.toFile());
            }
            pb.environment().putAll(environment);
            return new Running(
                    cmd, pb.start(), out, err, temporary, temporary || errFile == null, timeout, threadDumpOnTimeout);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot start " + cmd, e);
        }
    }

    private static Path createParent(Path file) throws IOException {
        if (file.toAbsolutePath().getParent() != null) {
            Files.createDirectories(file.toAbsolutePath().getParent());
        }
        return file;
    }

    private void requireJvm(String what) {
        if (!jvm) {
            throw new IllegalStateException(what + " is for a JVM started with ChildProcess.java()");
        }
    }

    /**
     * A child as it runs: wait for a line of its output, send it SIGTERM or SIGKILL, wait for its
     * end. Closing it kills it (and what it started) if it still runs, and deletes temporary output
     * files.
     */
    public static final class Running implements AutoCloseable {
        private final List<String> command;
        private final Process process;
        private final Path out;
        private final Path err;
        private final boolean outTemporary;
        private final boolean errTemporary;
        private final Duration timeout;
        private final boolean threadDumpOnTimeout;
        private final long started = System.nanoTime();
        /** Bytes of the output file already split into lines by {@link #awaitLine}. */
        private long read;

        private final java.io.ByteArrayOutputStream partial = new java.io.ByteArrayOutputStream();
        private Result result;

        private Running(
                List<String> command,
                Process process,
                Path out,
                Path err,
                boolean outTemporary,
                boolean errTemporary,
                Duration timeout,
                boolean threadDumpOnTimeout) {
            this.command = command;
            this.process = process;
            this.out = out;
            this.err = err;
            this.outTemporary = outTemporary;
            this.errTemporary = errTemporary;
            this.timeout = timeout;
            this.threadDumpOnTimeout = threadDumpOnTimeout;
        }

        /** The process, for what this class does not offer (its descendants, its pid). */
        public Process process() {
            return process;
        }

        public boolean isAlive() {
            return process.isAlive();
        }

        /** Its standard output so far. */
        public String out() {
            return read(out);
        }

        /**
         * Waits until the child prints a line that {@code wanted} accepts, and returns it. Every line
         * printed since the last call is given to {@code wanted} once, in order, as soon as it is
         * complete. Fails (killing the child and what it started) when the child ends or {@code
         * within} passes first.
         */
        public String awaitLine(Predicate<String> wanted, Duration within) {
            long deadline = System.nanoTime() + within.toNanos();
            while (true) {
                boolean ended = !process.isAlive();
                for (String line : newLines(ended)) {
                    if (wanted.test(line)) {
                        return line;
                    }
                }
                if (ended || System.nanoTime() > deadline) {
                    String why = ended
                            ? "ended (exit " + process.exitValue() + ")"
                            : "still runs after " + within.toSeconds() + " s";
                    kill();
                    throw new AssertionError(
                            "the child " + why + " without printing the line waited for: " + String.join(" ", command)
                                    + "\n--- stdout\n" + out() + "--- stderr\n" + (err == null ? "" : read(err)));
                }
                try {
                    Thread.sleep(POLL_MILLIS);
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                    throw new AssertionError("interrupted", e);
                }
            }
        }

        /** The complete lines of standard output not yet seen (and the last, unfinished one once it ended). */
        private List<String> newLines(boolean ended) {
            List<String> lines = new ArrayList<>();
            try (RandomAccessFile file = new RandomAccessFile(out.toFile(), "r")) {
                long length = file.length();
                file.seek(read);
                byte[] bytes = new byte[64 * 1024];
                while (read < length) {
                    int n = file.read(bytes, 0, (int) Math.min(bytes.length, length - read));
                    if (n < 0) {
                        break;
                    }
                    read += n;
                    for (int i = 0; i < n; i++) {
                        if (bytes[i] == '\n') {
                            lines.add(partial.toString(StandardCharsets.UTF_8));
                            partial.reset();
                        } else {
                            partial.write(bytes[i]);
                        }
                    }
                }
                if (ended && partial.size() > 0) {
                    lines.add(partial.toString(StandardCharsets.UTF_8));
                    partial.reset();
                }
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
            return lines;
        }

        /** SIGTERM to the child, as {@code kill} or a service manager sends it. */
        public void terminate() {
            process.destroy();
        }

        /** SIGTERM to the processes the child started (the JVM under a script), not to the child itself. */
        public void terminateDescendants() {
            process.descendants().forEach(ProcessHandle::destroy);
        }

        /** SIGKILL to the processes the child started, then to the child: no shutdown hook runs. */
        public void kill() {
            process.descendants().forEach(ProcessHandle::destroyForcibly);
            process.destroyForcibly();
        }

        /** Waits for the end, up to the builder's time limit counted from the start. */
        public Result waitFor() {
            long left = timeout.toNanos() - (System.nanoTime() - started);
            return waitFor(Duration.ofNanos(Math.max(0, left)), timeout);
        }

        /**
         * Waits for the end up to {@code limit} from now; then kills the child and what it started
         * (after a thread dump, if asked for) and says it timed out. Reads and returns the output.
         */
        public Result waitFor(Duration limit) {
            return waitFor(limit, limit);
        }

        /** {@link #waitFor(Duration)}; a time-out is reported as {@code limit} (counted from the start). */
        private Result waitFor(Duration wait, Duration limit) {
            if (result != null) {
                return result;
            }
            try {
                boolean timedOut = false;
                String threadDump = "";
                if (!process.waitFor(wait.toNanos(), TimeUnit.NANOSECONDS)) {
                    timedOut = true;
                    if (threadDumpOnTimeout) {
                        threadDump = threadDump(process);
                    }
                    kill();
                    process.waitFor(30, TimeUnit.SECONDS);
                }
                result = new Result(
                        command,
                        timedOut || process.isAlive() ? -1 : process.exitValue(),
                        read(out),
                        err == null ? "" : read(err),
                        timedOut,
                        limit,
                        threadDump);
                return result;
            } catch (InterruptedException e) {
                kill();
                Thread.currentThread().interrupt();
                throw new AssertionError("interrupted while waiting for " + String.join(" ", command), e);
            }
        }

        /** Kills the child (and what it started) if it still runs; deletes temporary output files. */
        @Override
        public void close() {
            if (process.isAlive()) {
                kill();
                try {
                    process.waitFor(30, TimeUnit.SECONDS);
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                }
            }
            try {
                if (outTemporary) {
                    Files.deleteIfExists(out);
                }
                if (err != null && errTemporary) {
                    Files.deleteIfExists(err);
                }
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        }

        private static String read(Path file) {
            try {
                return Files.isRegularFile(file) ? Files.readString(file, StandardCharsets.UTF_8) : "";
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        }

        /** The threads of a child that hangs ({@code jstack}), for the failure message. */
        private static String threadDump(Process p) {
            try {
                Process jstack = new ProcessBuilder(
                                Path.of(System.getProperty("java.home"), "bin", "jstack")
                                        .toString(),
                                Long.toString(p.pid()))
                        .redirectErrorStream(true)
                        .start();
                String dump = new String(jstack.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
                jstack.waitFor(30, TimeUnit.SECONDS);
                return dump;
            } catch (IOException e) {
                return "(no thread dump: " + e + ")";
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                return "(no thread dump: interrupted)";
            }
        }
    }

    /**
     * A child's end: its exit code (-1 when it was killed for running past its time limit), and
     * everything it printed on standard output and standard error (empty when merged or discarded).
     */
    public record Result(
            List<String> command,
            int exit,
            String out,
            String err,
            boolean timedOut,
            Duration limit,
            String threadDump) {
        public List<String> outLines() {
            return out.lines().toList();
        }

        public List<String> errLines() {
            return err.lines().toList();
        }

        /** The whole run, for failure messages. */
        @Override
        public String toString() {
            return String.join(" ", command) + "\n  "
                    + (timedOut ? "killed after " + limit.toSeconds() + " s" : "exit " + exit) + "\n--- stdout\n" + out
                    + "--- stderr\n" + err + "---" + (threadDump.isEmpty() ? "" : "\n" + threadDump);
        }
    }
}
