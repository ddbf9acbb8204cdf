package dev.reprise.tools;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import dev.reprise.samples.PluginHost;
import dev.reprise.samples.PluginServer;
import dev.reprise.samples.ScalaAuction;
import dev.reprise.samples.StreamPipeline;
import dev.reprise.samples.TypedWorkers;
import dev.reprise.testsupport.ActorRuntime;
import dev.reprise.testsupport.ChildProcess;
import dev.reprise.testsupport.Project;
import dev.reprise.testsupport.SamplePrograms;
import java.io.File;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * Programs deployed as services are, recorded and replayed through the command line, on the
 * runtime under test ({@link ActorRuntime}): a shaded fat jar run with {@code java -jar} (Akka
 * Typed, Java), a {@code lib/*.jar} distribution started by its own script, the agent given in
 * {@code JAVA_OPTS} (Scala), a Spring Boot jar, and plugins in class loaders of their own, one or
 * two, one after the other (side by side: not yet reliable). Each is recorded once and replayed {@value #REPLAYS}
 * times; every replay must exit 0 and print what the recording printed.
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
        recordAndReplay(dir.resolve("trace"), "-jar", jar.toString());
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

    /**
     * A Spring Boot executable jar (Spring's launcher, Akka and Scala as nested jars in {@code
     * BOOT-INF/lib}) whose beans start an actor system: no Akka on the class path, the agent starts
     * in Spring's class loader. Built with Akka 2.6 by {@code spring-boot-maven-plugin}; the
     * application also has its own ByteBuddy, of another version than the agent's.
     */
    @Test
    void aSpringBootExecutableJar() throws Exception {
        assumeTrue(ActorRuntime.current() == ActorRuntime.AKKA, "the Spring Boot jar is built with Akka 2.6");
        Cli.requireJars();
        Path jar = Cli.ROOT.resolve("test-support/spring-boot-app/target/spring-boot-app.jar");
        Project.requirePackaged(jar, "the build packages test-support/spring-boot-app before the tools");
        Cli.Result record = recordAndReplay(fresh("spring-boot").resolve("trace"), "-jar", jar.toString());
        assertTrue(
                record.out().contains("made by the application's own ByteBuddy, from byte-buddy-1.18"),
                () -> "the application's own ByteBuddy, beside the agent's: " + record);
    }

    /**
     * A plugin host whose class path has no Akka runs a program (Akka Streams and futures, Java)
     * in a child-first class loader of its own that is not parallel capable: the agent starts in
     * that loader, under its lock, as it defines its first class.
     */
    @Test
    void aPluginInAChildFirstClassLoader() throws Exception {
        Cli.requireJars();
        recordAndReplay(fresh("plugin").resolve("trace"), pluginHost(plugin(StreamPipeline.class)));
    }

    /**
     * The program of {@code javaArgs} recorded to {@code trace} with {@code ./reprise record}, and
     * replayed {@value #REPLAYS} times with {@code ./reprise replay}, each as the recording ran.
     * Returns the recording's run.
     */
    private static Cli.Result recordAndReplay(Path trace, String... javaArgs) {
        Cli.Result record =
                Cli.script(Cli.PACKAGED, with(List.of("record", "--trace", trace.toString(), "--"), javaArgs));
        assertEquals(0, record.exit(), record::toString);
        assertRecordedActors(trace);
        for (int i = 1; i <= REPLAYS; i++) {
            assertSameRun(
                    record,
                    Cli.script(Cli.PACKAGED, with(List.of("replay", "--trace", trace.toString(), "--"), javaArgs)),
                    i);
        }
        return record;
    }

    /**
     * Two plugins, each with its own Akka in its own class loader, one after the other (Akka Typed
     * in Java, then Scala): the agent starts a copy of itself in each, both record to one trace,
     * and each replay prints what the recording printed, both plugins' lines.
     */
    @Test
    void twoPluginsInTwoClassLoaders() throws Exception {
        Cli.requireJars();
        Path trace = fresh("two-plugins").resolve("trace");
        String[] host = pluginHost(plugin(TypedWorkers.class), plugin(ScalaAuction.class));
        Cli.Result record = Cli.script(Cli.PACKAGED, with(List.of("record", "--trace", trace.toString(), "--"), host));
        assertEquals(0, record.exit(), record::toString);
        assertTrue(record.out().contains("host: plugin 2 ended"), record::toString);
        assertRecordedActors(trace);
        for (int i = 1; i <= REPLAYS; i++) {
            assertSameRun(
                    record,
                    Cli.script(Cli.PACKAGED, with(List.of("replay", "--trace", trace.toString(), "--"), host)),
                    i);
        }
    }

    /**
     * Two plugins side by side, as an application server runs them: parent-first, parallel-capable
     * {@code URLClassLoader}s under a host whose own jar has only its classes; the host loads both
     * plugins' main classes on {@code main}, then runs their actor systems at once on a pool and
     * ends with {@code System.exit}. Each plugin's lines come in the recorded order in every
     * replay; how the two plugins' lines interleave is not recorded (they share no actor).
     */
    @Test
    void twoPluginsSideBySide() throws Exception {
        Cli.requireJars();
        Path dir = fresh("plugins-side-by-side");
        Path hostJar = Deployments.classesJar(dir.resolve("server.jar"), PluginServer.class, PluginHost.class);
        String[] server = {
            "-cp",
            hostJar.toString(),
            PluginServer.class.getName(),
            plugin(TypedWorkers.class),
            plugin(ScalaAuction.class)
        };
        Path trace = dir.resolve("trace");
        Cli.Result record =
                Cli.script(Cli.PACKAGED, with(List.of("record", "--trace", trace.toString(), "--"), server));
        assertEquals(0, record.exit(), record::toString);
        assertTrue(record.out().contains("host: plugin 2 ended"), record::toString);
        assertRecordedActors(trace);
        for (int i = 1; i <= REPLAYS; i++) {
            Cli.Result replay =
                    Cli.script(Cli.PACKAGED, with(List.of("replay", "--trace", trace.toString(), "--"), server));
            assertEquals(0, replay.exit(), () -> "replay: " + replay);
            for (boolean auction : new boolean[] {false, true}) {
                int n = i;
                assertEquals(
                        linesOf(record, auction),
                        linesOf(replay, auction),
                        () -> "replay " + n + " printed other " + (auction ? "auction" : "worker") + " lines: "
                                + replay);
            }
            assertConsumed(replay, i);
        }
    }

    /** The lines ScalaAuction and its actor system printed ("clock: ...", "lamp: ...", its log), or the others, normalised. */
    private static List<String> linesOf(Cli.Result run, boolean auction) {
        return SampleRuns.normalise(run.out()
                .lines()
                .filter(l -> (l.startsWith("clock:") || l.startsWith("lamp:") || l.contains("://auction)")) == auction)
                .toList());
    }

    /** {@code java} arguments of the plugin host given {@code plugins}: its class path has no Akka. */
    private static String[] pluginHost(String... plugins) {
        String hostClassPath = SamplePrograms.classPath(PluginHost.class).split(File.pathSeparator)[0];
        return with(List.of("-cp", hostClassPath, PluginHost.class.getName()), plugins);
    }

    private static String plugin(Class<?> main) {
        return SamplePrograms.classPath(main) + "=" + main.getName();
    }

    private static String[] with(List<String> first, String... then) {
        List<String> all = new ArrayList<>(first);
        all.addAll(List.of(then));
        return all.toArray(new String[0]);
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
                SampleRuns.normalise(record.out().lines().toList()),
                SampleRuns.normalise(replay.out().lines().toList()),
                () -> "replay " + i + " printed other lines than the recording: " + replay);
        assertConsumed(replay, i);
    }

    /**
     * The replay consumed the trace: all of it, or all but the last events of Akka's own actors or
     * threads that raced the system's shutdown when recorded (the summary names them as not replayed,
     * as intended).
     */
    private static void assertConsumed(Cli.Result replay, int i) {
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
