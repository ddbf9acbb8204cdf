package dev.reprise.tools;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.reprise.samples.ScalaAuction;
import dev.reprise.samples.TypedWorkers;
import dev.reprise.testsupport.ActorRuntime;
import dev.reprise.testsupport.ChildProcess;
import dev.reprise.testsupport.SamplePrograms;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * Programs deployed as services are, recorded and replayed through the command line, on the
 * runtime under test ({@link ActorRuntime}): a shaded fat jar run with {@code java -jar} (Akka
 * Typed, Java), and a {@code lib/*.jar} distribution started by its own script, the agent given
 * in {@code JAVA_OPTS} (Scala). Each is recorded once and replayed {@value #REPLAYS} times; every
 * replay must exit 0 and print what the recording printed.
 */
class LayoutsIT {
    private static final int REPLAYS = 3;
    private static final Path WORK = Cli.ROOT.resolve("tools/target/layouts-it");

    @Test
    void aShadedFatJarRunWithJavaJar() throws Exception {
        Cli.requireJars();
        Path dir = fresh("fat-jar");
        Path jar = Deployments.fatJar(
                SamplePrograms.classPath(TypedWorkers.class), TypedWorkers.class.getName(), dir.resolve("app.jar"));
        Path trace = dir.resolve("trace");
        Cli.Result record =
                Cli.script(Cli.PACKAGED, "record", "--trace", trace.toString(), "--", "-jar", jar.toString());
        assertEquals(0, record.exit(), record::toString);
        assertRecordedActors(trace);
        for (int i = 1; i <= REPLAYS; i++) {
            Cli.Result replay =
                    Cli.script(Cli.PACKAGED, "replay", "--trace", trace.toString(), "--", "-jar", jar.toString());
            assertSameRun(record, replay, i);
        }
    }

    @Test
    void aLibDistributionStartedByItsScript() throws Exception {
        Cli.requireJars();
        Path dir = fresh("lib-distribution");
        Path script = Deployments.distribution(
                SamplePrograms.classPath(ScalaAuction.class),
                ScalaAuction.class.getName(),
                dir.resolve("app"),
                "auction");
        Path trace = dir.resolve("trace");
        String agent = "-javaagent:" + Cli.AGENT_JAR + "=record,trace=" + trace;
        Cli.Result record = started(script, String.join(" ", ChildProcess.STANDARD_JVM_FLAGS) + " " + agent);
        assertEquals(0, record.exit(), record::toString);
        assertRecordedActors(trace);
        // The replay's JVM options, as a user pastes them into the script's JAVA_OPTS.
        Cli.Result options = Cli.script(Cli.PACKAGED, "replay", "--print-jvm-args", "--trace", trace.toString());
        assertEquals(0, options.exit(), options::toString);
        for (int i = 1; i <= REPLAYS; i++) {
            assertSameRun(record, started(script, options.out().strip()), i);
        }
    }

    /** {@code script} run with {@code JAVA_OPTS}, with this JDK. */
    private static Cli.Result started(Path script, String javaOpts) {
        return Cli.run(ChildProcess.command(script.toString()).env(Map.of("JAVA", Cli.JAVA, "JAVA_OPTS", javaOpts)));
    }

    /** A sound trace, recorded with every hook matched (a missed one is an agent error: verify exits 3), with messages. */
    private static void assertRecordedActors(Path trace) {
        Cli.Result verify = Cli.tools("verify", trace.toString());
        assertEquals(0, verify.exit(), verify::toString);
        Cli.Result stats = Cli.tools("stats", trace.toString());
        assertEquals(0, stats.exit(), stats::toString);
        assertTrue(stats.out().matches("(?s).*\\bmessages\\s+[1-9].*"), "the trace holds messages: " + stats);
    }

    private static void assertSameRun(Cli.Result record, Cli.Result replay, int i) {
        assertEquals(0, replay.exit(), () -> "replay " + i + ": " + replay);
        assertEquals(
                AkkaSamplesIT.normalise(record.out().lines().toList()),
                AkkaSamplesIT.normalise(replay.out().lines().toList()),
                () -> "replay " + i + " printed other lines than the recording: " + replay);
        assertTrue(
                replay.err().contains("every application actor consumed its recorded events")
                        || replay.err().contains("the whole trace was consumed"),
                () -> "replay " + i + ": " + replay);
    }

    private static Path fresh(String name) throws Exception {
        Path dir = WORK.resolve(ActorRuntime.current().id).resolve(name);
        Cli.deleteTree(dir);
        return Files.createDirectories(dir);
    }
}
