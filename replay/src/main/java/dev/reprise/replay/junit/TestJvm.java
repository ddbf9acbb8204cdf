package dev.reprise.replay.junit;

import java.io.BufferedReader;
import java.io.File;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.PrintStream;
import java.lang.management.ManagementFactory;
import java.nio.charset.Charset;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Properties;
import java.util.Set;
import java.util.concurrent.TimeUnit;

/**
 * A JVM of its own for one test, with the agent attached from its first class ({@code -javaagent}),
 * so that it records or replays the whole run: the test JVM's options, system properties, class
 * path and working directory, with {@link RecordedTestMain} as its main class. Its output goes to
 * the test JVM's {@code System.out} and {@code System.err}, where the test's report catches it.
 */
final class TestJvm {
    /** In the test's own JVM: the JUnit unique id of the test it runs. */
    static final String TEST_PROPERTY = "reprise.junit.test";
    /** In the test's own JVM: the file it writes its {@link TestOutcome} to. */
    static final String RESULT_PROPERTY = "reprise.junit.result";

    /** How long a stopped JVM has to write its trace (SIGTERM) before it is killed. */
    private static final Duration GRACE = Duration.ofSeconds(15);

    /** The lines of the JVM's error output kept for a report (the replay's divergence report is among them). */
    private static final int KEPT_ERROR_LINES = 400;

    /**
     * How the JVM ended.
     *
     * @param outcome what it wrote, or null (killed, or halted by a diverged replay)
     * @param exitCode its exit code
     * @param timedOut stopped after the timeout
     * @param errors the last lines of its error output
     */
    record Ended(TestOutcome outcome, int exitCode, boolean timedOut, List<String> errors) {
        /** The last lines of the JVM's error output, for a message. */
        String lastErrorLines() {
            List<String> last = errors.subList(Math.max(0, errors.size() - 20), errors.size());
            return last.isEmpty() ? "(no output)" : "\n" + String.join("\n", last);
        }
    }

    private TestJvm() {}

    /** Runs test {@code test} with the agent {@code agentOptions}; {@code debugPort}, if not null, waits for a debugger. */
    static Ended run(String test, String agentOptions, Duration timeout, String debugPort)
            throws IOException, InterruptedException {
        Path result = Files.createTempFile("reprise-test-outcome", ".bin");
        try {
            List<String> command = command(
                    javaExecutable(),
                    ManagementFactory.getRuntimeMXBean().getInputArguments(),
                    System.getProperties(),
                    classPath(),
                    AgentJar.path(),
                    agentOptions,
                    debugPort);
            command.add(command.size() - 1, "-D" + TEST_PROPERTY + "=" + test);
            command.add(command.size() - 1, "-D" + RESULT_PROPERTY + "=" + result);
            Process p = new ProcessBuilder(command)
                    .directory(new File(System.getProperty("user.dir")))
                    .start();
            try {
                p.getOutputStream().close();
                List<String> errors = new ArrayList<>();
                Thread out = pump(p.getInputStream(), System.out, null);
                Thread err = pump(p.getErrorStream(), System.err, errors);
                boolean timedOut = !p.waitFor(timeout.toMillis(), TimeUnit.MILLISECONDS);
                if (timedOut) {
                    stop(p);
                }
                out.join();
                err.join();
                synchronized (errors) {
                    return new Ended(TestOutcome.read(result), p.exitValue(), timedOut, List.copyOf(errors));
                }
            } finally {
                if (p.isAlive()) { // the test's thread was interrupted (a timeout, a cancelled run): no child
                    // outlives it
                    p.destroyForcibly();
                }
            }
        } finally {
            Files.deleteIfExists(result);
        }
    }

    /** SIGTERM first, so the agent ends the trace cleanly; SIGKILL after {@link #GRACE}. */
    private static void stop(Process p) throws InterruptedException {
        p.destroy();
        if (!p.waitFor(GRACE.toMillis(), TimeUnit.MILLISECONDS)) {
            p.destroyForcibly();
            p.waitFor();
        }
    }

    /**
     * The command: the test JVM's own options but its agents and debugger, the system properties
     * it was given at run time (Surefire sets {@code systemPropertyVariables} so) but the JVM's own
     * and Reprise's, the agent, the class path and {@link RecordedTestMain}, last.
     */
    static List<String> command(
            String java,
            List<String> jvmOptions,
            Properties properties,
            String classPath,
            Path agentJar,
            String agentOptions,
            String debugPort) {
        List<String> c = new ArrayList<>();
        c.add(java);
        Set<String> given = new LinkedHashSet<>();
        for (String o : jvmOptions) {
            if (o.startsWith("-javaagent:")
                    || o.startsWith("-agentlib:")
                    || o.startsWith("-agentpath:")
                    || o.startsWith("-Xrunjdwp")
                    || o.equals("-Xdebug")
                    || o.startsWith("-D" + RecordedRunsExtension.PROPERTIES)) {
                continue;
            }
            c.add(o);
            if (o.startsWith("-D")) {
                given.add(o.substring(2).split("=", 2)[0]);
            }
        }
        for (String name : properties.stringPropertyNames().stream().sorted().toList()) {
            if (!given.contains(name) && forwarded(name)) {
                c.add("-D" + name + "=" + properties.getProperty(name));
            }
        }
        if (debugPort != null) {
            c.add("-agentlib:jdwp=transport=dt_socket,server=y,suspend=y,address=" + debugPort);
        }
        c.add("-javaagent:" + agentJar + "=" + agentOptions);
        c.add("-cp");
        c.add(classPath);
        c.add(RecordedTestMain.class.getName());
        return c;
    }

    /** Whether a system property is the application's, not one every JVM sets for itself or Reprise's own. */
    static boolean forwarded(String name) {
        for (String own : List.of(
                "java.",
                "jdk.",
                "sun.",
                "os.",
                "user.",
                "file.",
                "native.",
                "stdout.",
                "stderr.",
                "line.separator",
                "path.separator",
                RecordedRunsExtension.PROPERTIES)) {
            if (name.startsWith(own)) {
                return false;
            }
        }
        return true;
    }

    /** The test JVM's class path, with the JUnit Platform Launcher's jar when a test runner kept it apart. */
    private static String classPath() {
        String cp = System.getProperty("java.class.path");
        try {
            Class<?> launcher = Class.forName("org.junit.platform.launcher.core.LauncherFactory");
            var source = launcher.getProtectionDomain().getCodeSource();
            if (source != null) {
                String jar = Path.of(source.getLocation().toURI()).toString();
                if (!List.of(cp.split(File.pathSeparator)).contains(jar)) {
                    cp = cp + File.pathSeparator + jar;
                }
            }
        } catch (ReflectiveOperationException | java.net.URISyntaxException | RuntimeException e) {
            // the class path's own launcher, if it has one
        }
        return cp;
    }

    private static String javaExecutable() {
        return ProcessHandle.current()
                .info()
                .command()
                .orElse(Path.of(System.getProperty("java.home"), "bin", "java").toString());
    }

    /** Copies the child's lines to {@code to}, keeping the last ones in {@code kept} when given. */
    private static Thread pump(InputStream from, PrintStream to, List<String> kept) {
        Thread t = new Thread(
                () -> {
                    try (BufferedReader r = new BufferedReader(new InputStreamReader(from, Charset.defaultCharset()))) {
                        for (String line; (line = r.readLine()) != null; ) {
                            to.println(line);
                            if (kept != null) {
                                synchronized (kept) {
                                    kept.add(line);
                                    if (kept.size() > KEPT_ERROR_LINES) {
                                        kept.removeFirst();
                                    }
                                }
                            }
                        }
                    } catch (IOException e) {
                        // the JVM is gone
                    }
                },
                "reprise-test-jvm-output");
        t.setDaemon(true);
        t.start();
        return t;
    }
}
