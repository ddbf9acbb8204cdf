package dev.reprise.agent;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import dev.reprise.testsupport.ChildProcess;
import dev.reprise.testsupport.Traces;
import java.io.File;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The example project in src/it/consumer, built with Maven as a user builds it: it sees only the
 * released jars (reprise-agent.jar and reprise-runtime-api), installed with install:install-file.
 * Its build records its racy program with the agent and replays it in a @ReplayTrace test; with
 * -Dconsumer.diverge=true that replay diverges and the build fails with the divergence report.
 */
class ConsumerProjectIT {
    static final Path SOURCE = Path.of("src/it/consumer");
    /**
     * The consumer's own local repository, kept between runs. The outer build's one (shared with
     * other builds) is only read, as a file:// repository, so no Reprise artifact ever lands in it.
     */
    static final Path REPO = Path.of("target/consumer-it/repo").toAbsolutePath();

    static final String VERSION = property("reprise.version");
    static Path project;
    static Path settings;

    @BeforeAll
    static void installTheReleasedJars() throws Exception {
        Path outer = Path.of(property("reprise.outer.repo"));
        Files.createDirectories(REPO);
        settings = REPO.getParent().resolve("settings.xml");
        Files.writeString(settings, settingsReadingFrom(outer));
        deleteTree(REPO.resolve("dev/reprise"));
        install(RecordedRun.agentJar(), "reprise-agent");
        install(Path.of(property("reprise.runtimeApi.jar")), "reprise-runtime-api");
        project = Files.createTempDirectory("reprise-consumer");
        try (Stream<Path> files = Files.walk(SOURCE)) {
            for (Path p :
                    files.filter(p -> !p.startsWith(SOURCE.resolve("target"))).toList()) {
                Path to = project.resolve(SOURCE.relativize(p).toString());
                if (Files.isDirectory(p)) {
                    Files.createDirectories(to);
                } else {
                    Files.copy(p, to);
                }
            }
        }
    }

    @Test
    void recordsAndReplaysAndFailsOnDivergence() throws Exception {
        Path report = project.resolve("target/failsafe-reports/TEST-com.example.racy.MainReplayIT.xml");
        Build ok = mvn(project, "replay", "verify", "-Dreprise.version=" + VERSION);
        assertEquals(0, ok.exitCode, () -> ok.failure("the consumer build failed"));
        assertTrue(
                Files.isRegularFile(project.resolve("target/trace/events.rpt")), () -> ok.failure("nothing recorded"));
        String passed = Files.readString(report);
        assertTrue(
                passed.contains("tests=\"1\" errors=\"0\" skipped=\"0\" failures=\"0\""),
                () -> ok.failure("the replay test did not run and pass: " + passed));
        Traces.assertApplicationTraceConsumed(ok.output);

        // Worker 0 sends one message fewer in replay: the collector waits for it, and the test fails
        // with the divergence report rather than with whatever the program does next.
        Build diverged = mvn(project, "diverge", "verify", "-Dreprise.version=" + VERSION, "-Dconsumer.diverge=true");
        assertNotEquals(0, diverged.exitCode, () -> diverged.failure("the diverging replay passed"));
        String failed = Files.readString(report);
        assertTrue(
                failed.contains("tests=\"1\" errors=\"0\" skipped=\"0\" failures=\"1\"")
                        && failed.contains("<failure message=\"[reprise] REPLAY DIVERGED: no actor can make progress")
                        && failed.contains("type=\"java.lang.AssertionError\"")
                        && failed.contains("actor: /user/collector")
                        && failed.contains("expected next: message from"),
                () -> diverged.failure("the replay test did not fail with the divergence report: " + failed));
        assertTrue(
                diverged.output.contains("REPLAY DIVERGED"), () -> diverged.failure("no report in the build output"));
        deleteTree(project);
    }

    /**
     * Flaky tests as users write them: @RecordOnFailure keeps the trace of the test that failed
     * only, @Hunt repeats a racy test under perturbation until a run fails and keeps that run's
     * trace; each replays (-Dreprise.replay) to the very failure its recording ended with.
     */
    @Test
    void keepsTheTracesOfFailingTestsAndTheirReplaysFailTheSameWay() throws Exception {
        Path traces = project.resolve("target/reprise-traces");
        deleteTree(traces);
        Build flaky = mvn(
                project,
                "flaky",
                "verify",
                "-Dreprise.version=" + VERSION,
                "-Dconsumer.flaky=true",
                "-Dit.test=CollectorOrderIT,HuntedOrderIT");
        assertNotEquals(0, flaky.exitCode, () -> flaky.failure("the flaky tests passed"));
        String order = Files.readString(report("CollectorOrderIT"));
        assertTrue(
                order.contains("tests=\"2\" errors=\"0\" skipped=\"0\" failures=\"1\""),
                () -> flaky.failure("CollectorOrderIT did not pass one test and fail one: " + order));
        String hunted = Files.readString(report("HuntedOrderIT"));
        assertTrue(
                hunted.contains("tests=\"1\" errors=\"0\" skipped=\"0\" failures=\"1\""),
                () -> flaky.failure("@Hunt found no failure in 30 runs: " + hunted));
        try (Stream<Path> kept = Files.list(traces)) {
            assertEquals(
                    List.of("CollectorOrderIT.collectsRoundByRound", "HuntedOrderIT.workersAreHeardInCreationOrder"),
                    kept.map(p -> p.getFileName().toString()).sorted().toList(),
                    () -> flaky.failure("not only the failing tests' traces were kept"));
        }
        Path orderTrace = traces.resolve("CollectorOrderIT.collectsRoundByRound");
        assertTrue(
                flaky.output.contains(
                        "replay it: mvn verify -Dit.test=com.example.racy.CollectorOrderIT"
                                + "#collectsRoundByRound -Dreprise.replay=target/reprise-traces/CollectorOrderIT.collectsRoundByRound"),
                () -> flaky.failure("no replay command printed"));
        java.util.Properties huntedRun = new java.util.Properties();
        try (var in = Files.newBufferedReader(
                traces.resolve("HuntedOrderIT.workersAreHeardInCreationOrder").resolve("junit-test.properties"))) {
            huntedRun.load(in);
        }
        assertTrue(huntedRun.getProperty("perturb", "").matches("mixed:\\d+"), huntedRun::toString);
        int runs = (int) flaky.output
                .lines()
                .filter(l -> l.startsWith("[reprise] hunt HuntedOrderIT.workersAreHeardInCreationOrder: run "))
                .count();
        assertTrue(
                flaky.output.contains("workersAreHeardInCreationOrder: run " + runs + " of 30 (perturb=mixed:"),
                () -> flaky.failure("the hunt did not stop at its first failing run"));

        assertReplayFailsAsRecorded("CollectorOrderIT", "collectsRoundByRound", orderTrace, order);
        assertReplayFailsAsRecorded(
                "HuntedOrderIT",
                "workersAreHeardInCreationOrder",
                traces.resolve("HuntedOrderIT.workersAreHeardInCreationOrder"),
                hunted);
    }

    /** Replays {@code trace} as the printed command says and expects the recorded run's failure message. */
    static void assertReplayFailsAsRecorded(String testClass, String method, Path trace, String recordedReport)
            throws Exception {
        String recorded = failureMessage(recordedReport);
        Build replay = mvn(
                project,
                "replay-" + method,
                "verify",
                "-Dreprise.version=" + VERSION,
                "-Dconsumer.flaky=true",
                "-Dit.test=com.example.racy." + testClass + "#" + method,
                "-Dreprise.replay=" + project.relativize(trace));
        assertNotEquals(0, replay.exitCode, () -> replay.failure("the replay of the failing test passed"));
        String replayed = Files.readString(report(testClass));
        assertTrue(
                replayed.contains("tests=\"1\" errors=\"0\" skipped=\"0\" failures=\"1\""),
                () -> replay.failure("the replay did not fail the test: " + replayed));
        assertEquals(recorded, failureMessage(replayed), () -> replay.failure("the replay failed another way"));
        assertTrue(replay.output.contains("replayed from " + trace), () -> replay.failure("not said to be replayed"));
    }

    static Path report(String testClass) {
        return project.resolve("target/failsafe-reports/TEST-com.example.racy." + testClass + ".xml");
    }

    /** The message of the one failure in a Failsafe report. */
    static String failureMessage(String report) {
        java.util.regex.Matcher m =
                java.util.regex.Pattern.compile("<failure message=\"([^\"]*)\"").matcher(report);
        assertTrue(m.find(), "no failure in " + report);
        return m.group(1);
    }

    static void install(Path jar, String artifactId) throws Exception {
        assertTrue(Files.isRegularFile(jar), "missing " + jar + " (build the reactor with -am)");
        Build b = mvn(
                REPO.getParent(),
                "install-" + artifactId,
                "-q",
                "org.apache.maven.plugins:maven-install-plugin:3.1.3:install-file",
                "-Dfile=" + jar.toAbsolutePath(),
                "-DgroupId=dev.reprise",
                "-DartifactId=" + artifactId,
                "-Dversion=" + VERSION,
                "-Dpackaging=jar");
        assertEquals(0, b.exitCode, () -> b.failure("install-file failed"));
    }

    record Build(int exitCode, String output, Path log) {
        String failure(String what) {
            System.out.println(output); // the child's output, in this test's report
            return what + " (exit " + exitCode + "; output above and in " + log + ")";
        }
    }

    /** Runs Maven in {@code dir} with this test's JDK and the consumer's local repository. */
    static Build mvn(Path dir, String name, String... args) throws Exception {
        // -gs, not -s: the user's own settings (mirrors, proxies) still apply.
        List<String> cmd =
                new ArrayList<>(List.of(mavenOnPath(), "-B", "-gs", settings.toString(), "-Dmaven.repo.local=" + REPO));
        cmd.addAll(Arrays.asList(args));
        Path log = REPO.getParent().resolve(name + ".log");
        ChildProcess.Result r = ChildProcess.command(cmd)
                .directory(dir)
                .mergeErrors()
                .output(log, null)
                .env("JAVA_HOME", System.getProperty("java.home"))
                .env("MAVEN_OPTS", String.join(" ", ChildProcess.STANDARD_JVM_FLAGS) + " -Djansi.noreset=true")
                .timeout(Duration.ofMinutes(5))
                .run();
        if (r.timedOut()) {
            fail("mvn " + String.join(" ", args) + " did not finish in 5 minutes:\n" + r.out());
        }
        return new Build(r.exit(), r.out(), log);
    }

    static String mavenOnPath() {
        String exe = File.separatorChar == '\\' ? "mvn.cmd" : "mvn";
        for (String dir : System.getenv().getOrDefault("PATH", "").split(File.pathSeparator)) {
            Path mvn = Path.of(dir, exe);
            if (Files.isExecutable(mvn)) {
                return mvn.toString();
            }
        }
        return fail("ConsumerProjectIT builds the example project with Maven, but there is no " + exe + " on PATH");
    }

    /** The outer build's repository, read as a remote one before Maven Central: nothing is downloaded twice. */
    static String settingsReadingFrom(Path outer) {
        String url = outer.toUri().toString();
        String repo = "<id>outer</id><url>" + url + "</url>";
        return "<settings><profiles><profile><id>outer</id>"
                + "<repositories><repository>" + repo + "</repository></repositories>"
                + "<pluginRepositories><pluginRepository>" + repo + "</pluginRepository></pluginRepositories>"
                + "</profile></profiles><activeProfiles><activeProfile>outer</activeProfile></activeProfiles></settings>\n";
    }

    static String property(String name) {
        String value = System.getProperty(name);
        assertTrue(value != null && !value.isBlank(), "system property " + name + " is not set (see agent/pom.xml)");
        return value;
    }

    static void deleteTree(Path root) throws IOException {
        if (!Files.exists(root)) {
            return;
        }
        try (Stream<Path> files = Files.walk(root)) {
            for (Path p : files.sorted(Comparator.reverseOrder()).toList()) {
                Files.delete(p);
            }
        }
    }
}
