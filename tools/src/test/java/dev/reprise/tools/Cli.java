package dev.reprise.tools;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

/**
 * Runs the reprise command line the way users run it, in a child process: {@code java -jar
 * tools/target/reprise-tools.jar} with the JDK running the tests and {@code -Dreprise.home} as
 * {@code ./reprise} sets it, or the {@code ./reprise} script itself. Captures the exit code and
 * everything printed; a run that does not end within its time limit is killed and fails the test.
 */
final class Cli {
    static final Path ROOT = Path.of(System.getProperty("reprise.root", "..")).toAbsolutePath().normalize();
    static final Path TOOLS_JAR = Path.of(System.getProperty("reprise.tools.jar",
            ROOT.resolve("tools/target/reprise-tools.jar").toString())).toAbsolutePath().normalize();
    static final Path AGENT_JAR = ROOT.resolve("agent/target/reprise-agent.jar");
    static final String JAVA = Path.of(System.getProperty("java.home"), "bin", "java").toString();
    /** Scratch space for the tests' traces and captured output (under target, so mvn clean removes it). */
    static final Path WORK = ROOT.resolve("tools/target/cli-it");

    private static final Duration TIME_LIMIT = Duration.ofSeconds(90);

    private Cli() {}

    /** One finished run: what a user would see. */
    record Result(List<String> command, int exit, String out, String err) {
        List<String> errLines() {
            return err.lines().toList();
        }

        /** The whole run, for failure messages. */
        @Override
        public String toString() {
            return String.join(" ", command) + "\n  exit " + exit + "\n--- stdout\n" + out + "--- stderr\n" + err + "---";
        }
    }

    /** Fails, saying what to build, unless both jars a user needs are there. */
    static void requireJars() {
        assertTrue(Files.isRegularFile(TOOLS_JAR), TOOLS_JAR + " is missing: these tests run after the package phase "
                + "(mvn -pl tools -am verify)");
        assertTrue(Files.isRegularFile(AGENT_JAR), AGENT_JAR + " is missing: a full build (./reprise test, mvn verify) "
                + "packages the agent before the tools; with -pl tools, package it first: mvn -pl agent -am package -DskipTests");
    }

    /** {@code java -Dreprise.home=ROOT -jar reprise-tools.jar ARGS}, as ./reprise runs it. */
    static Result tools(String... args) {
        List<String> cmd = new ArrayList<>(List.of(JAVA, "-Dreprise.home=" + ROOT, "-jar", TOOLS_JAR.toString()));
        cmd.addAll(List.of(args));
        return run(cmd, Map.of());
    }

    /** For {@code ./reprise} inside the build: no nested Maven build (the packaged jars as they are), this JDK. */
    static final Map<String, String> PACKAGED = Map.of("REPRISE_NO_BUILD", "1", "JAVA_HOME", System.getProperty("java.home"));

    /** {@code ./reprise ARGS} with extra environment variables. */
    static Result script(Map<String, String> env, String... args) {
        List<String> cmd = new ArrayList<>(List.of(ROOT.resolve("reprise").toString()));
        cmd.addAll(List.of(args));
        return run(cmd, env);
    }

    /** Starts {@code ./reprise ARGS} as {@link #PACKAGED}, its stdout and stderr both to {@code output}, and returns at once. */
    static Process start(List<String> args, Path output) throws IOException {
        List<String> cmd = new ArrayList<>(List.of(ROOT.resolve("reprise").toString()));
        cmd.addAll(args);
        ProcessBuilder pb = new ProcessBuilder(cmd).directory(ROOT.toFile()).redirectErrorStream(true)
                .redirectInput(ProcessBuilder.Redirect.from(new java.io.File("/dev/null"))).redirectOutput(output.toFile());
        pb.environment().putAll(PACKAGED);
        Files.createDirectories(output.getParent());
        return pb.start();
    }

    /** Any command line: a JVM started the way an IDE would with options the tools printed, say. */
    static Result run(List<String> command, Map<String, String> env) {
        try {
            Path io = Files.createDirectories(WORK.resolve("io"));
            Path out = Files.createTempFile(io, "out", ".txt");
            Path err = Files.createTempFile(io, "err", ".txt");
            ProcessBuilder pb = new ProcessBuilder(command).directory(ROOT.toFile())
                    .redirectInput(ProcessBuilder.Redirect.from(new java.io.File("/dev/null")))
                    .redirectOutput(out.toFile()).redirectError(err.toFile());
            pb.environment().putAll(env);
            Process p = pb.start();
            if (!p.waitFor(TIME_LIMIT.toSeconds(), TimeUnit.SECONDS)) {
                p.descendants().forEach(ProcessHandle::destroyForcibly);
                p.destroyForcibly().waitFor();
                fail("still running after " + TIME_LIMIT.toSeconds() + "s, killed: " + new Result(command, -1,
                        Files.readString(out, StandardCharsets.UTF_8), Files.readString(err, StandardCharsets.UTF_8)));
            }
            Result r = new Result(command, p.exitValue(), Files.readString(out, StandardCharsets.UTF_8),
                    Files.readString(err, StandardCharsets.UTF_8));
            Files.delete(out);
            Files.delete(err);
            return r;
        } catch (IOException e) {
            throw new java.io.UncheckedIOException(e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new AssertionError("interrupted", e);
        }
    }

    /** Exit 0, nothing on stderr. */
    static Result assertSuccess(Result r) {
        assertEquals(0, r.exit(), () -> "expected exit 0: " + r);
        assertEquals("", r.err(), () -> "expected nothing on stderr: " + r);
        return r;
    }

    /**
     * What bad input must give: this exit code, nothing on stdout, and one line on stderr that
     * contains every one of {@code words} (the problem and the path or option it is about), with
     * no stack trace.
     */
    static Result assertOneLineError(Result r, int exit, String... words) {
        assertEquals(exit, r.exit(), () -> "expected exit " + exit + ": " + r);
        assertEquals("", r.out(), () -> "expected nothing on stdout: " + r);
        assertEquals(1, r.errLines().size(), () -> "expected a one-line error: " + r);
        assertNoStackTrace(r);
        for (String w : words) {
            assertTrue(r.err().contains(w), () -> "expected '" + w + "' in the error: " + r);
        }
        return r;
    }

    static void assertNoStackTrace(Result r) {
        for (String sign : List.of("Exception in thread", "at dev.reprise", "at picocli", "at java.", "internal error")) {
            assertFalse(r.err().contains(sign) || r.out().contains(sign), () -> "stack trace ('" + sign + "'): " + r);
        }
    }

    /** Deletes a directory tree if it exists. */
    static void deleteTree(Path dir) throws IOException {
        if (!Files.exists(dir)) {
            return;
        }
        try (Stream<Path> s = Files.walk(dir)) {
            for (Path p : s.sorted(Comparator.reverseOrder()).toList()) {
                Files.delete(p);
            }
        }
    }
}
