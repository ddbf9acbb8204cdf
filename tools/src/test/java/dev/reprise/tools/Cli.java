package dev.reprise.tools;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import dev.reprise.testsupport.ChildProcess;
import dev.reprise.testsupport.Project;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;

/**
 * Runs the reprise command line the way users run it, in a child process: {@code java -jar
 * tools/target/reprise-tools.jar} with the JDK running the tests and {@code -Dreprise.home} as
 * {@code ./reprise} sets it, or the {@code ./reprise} script itself. Captures the exit code and
 * everything printed; a run that does not end within its time limit is killed and fails the test.
 */
final class Cli {
    static final Path ROOT = Project.root();
    static final Path TOOLS_JAR = Project.toolsJar();
    /** The agent the tools under test use: {@code agent/target/reprise-agent.jar} (see {@link Project#agentJar()}). */
    static final Path AGENT_JAR = Project.agentJar();

    static final String JAVA = ChildProcess.javaExecutable().toString();
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
            return String.join(" ", command) + "\n  exit " + exit + "\n--- stdout\n" + out + "--- stderr\n" + err
                    + "---";
        }
    }

    /** Fails, saying what to build, unless both jars a user needs are there. */
    static void requireJars() {
        Project.requirePackaged(TOOLS_JAR, "these tests run after the package phase (mvn -pl tools -am verify)");
        Project.requirePackaged(
                AGENT_JAR,
                "a full build (./reprise test, mvn verify) packages the agent before the tools; "
                        + "with -pl tools, package it first: mvn -pl agent -am package -DskipTests");
    }

    /** {@code java -Dreprise.home=ROOT -jar reprise-tools.jar ARGS}, as ./reprise runs it. */
    static Result tools(String... args) {
        List<String> cmd = new ArrayList<>(List.of(JAVA, "-Dreprise.home=" + ROOT, "-jar", TOOLS_JAR.toString()));
        cmd.addAll(List.of(args));
        return run(cmd, Map.of());
    }

    /** For {@code ./reprise} inside the build: no nested Maven build (the packaged jars as they are), this JDK. */
    static final Map<String, String> PACKAGED = Project.PACKAGED;

    /** {@code ./reprise ARGS} with extra environment variables. */
    static Result script(Map<String, String> env, String... args) {
        return script(TIME_LIMIT, env, args);
    }

    /** {@link #script(Map, String...)} for a command whose normal length is close to the usual limit: killed after {@code limit}. */
    static Result script(Duration limit, Map<String, String> env, String... args) {
        List<String> cmd = new ArrayList<>(List.of(ROOT.resolve("reprise").toString()));
        cmd.addAll(List.of(args));
        return run(ChildProcess.command(cmd).env(env), limit);
    }

    /** Starts {@code ./reprise ARGS} as {@link #PACKAGED}, its stdout and stderr both to {@code output}, and returns at once. */
    static Process start(List<String> args, Path output) {
        return Project.script(args.toArray(String[]::new))
                .directory(ROOT)
                .mergeErrors()
                .output(output, null)
                .timeout(Duration.ofDays(1))
                .start()
                .process();
    }

    /** Any command line: a JVM started the way an IDE would with options the tools printed, say. */
    static Result run(List<String> command, Map<String, String> env) {
        return run(ChildProcess.command(command).env(env));
    }

    /** Runs {@code child} in the repository's root; one that does not end within the time limit is killed and fails the test. */
    static Result run(ChildProcess child) {
        return run(child, TIME_LIMIT);
    }

    private static Result run(ChildProcess child, Duration limit) {
        ChildProcess.Result r = child.directory(ROOT).timeout(limit).run();
        if (r.timedOut()) {
            fail("still running after " + limit.toSeconds() + "s, killed: "
                    + new Result(r.command(), -1, r.out(), r.err()));
        }
        return new Result(r.command(), r.exit(), r.out(), r.err());
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
        for (String sign :
                List.of("Exception in thread", "at dev.reprise", "at picocli", "at java.", "internal error")) {
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
