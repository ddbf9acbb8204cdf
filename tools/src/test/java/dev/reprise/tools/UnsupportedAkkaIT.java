package dev.reprise.tools;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.reprise.programs.GreeterProgram;
import dev.reprise.testsupport.ChildProcess;
import dev.reprise.trace.ExitCodes;
import dev.reprise.trace.Json;
import java.io.File;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * {@link GreeterProgram} on an Akka the agent does not support (akka-actor 2.5.32, which the build
 * copies to {@code target/unsupported-akka}) under {@code reprise record}: the program prints
 * what it prints without the agent, the agent says the version is not supported, naming it and the
 * supported ones, record exits 89 naming the program's own exit status, and the trace says nothing
 * was recorded: verify
 * exits 3 saying why, stats has {@code notRecorded}, and replay refuses it.
 */
class UnsupportedAkkaIT {
    private static final Path WORK = Cli.ROOT.resolve("tools/target/unsupported-akka-it");
    private static final String VERSION = System.getProperty("reprise.unsupportedAkka.version", "2.5.32");
    static String classPath;
    static Cli.Result plain;
    static Cli.Result recorded;
    static Path trace;

    @BeforeAll
    static void runWithAndWithoutTheAgent() throws Exception {
        Cli.requireJars();
        Path akka = Path.of(System.getProperty(
                "reprise.unsupportedAkka.jar", "target/unsupported-akka/akka-actor_2.13-" + VERSION + ".jar"));
        assertTrue(
                Files.isRegularFile(akka),
                akka + " is missing: the build copies it before the integration tests "
                        + "(mvn -pl agent,tools -am verify)");
        // This JVM's class path (the sample programs, Scala, Config...); every Akka 2.6 module (actor, typed,
        // slf4j, stream, protobuf) replaced by the old actor module, as Akka's own check of its modules' versions
        // wants.
        classPath = Stream.concat(
                        Stream.of(akka.toString()),
                        Arrays.stream(System.getProperty("java.class.path").split(File.pathSeparator))
                                .filter(p -> !p.contains(File.separator + "akka-")))
                .collect(Collectors.joining(File.pathSeparator));
        Cli.deleteTree(WORK);
        trace = Files.createDirectories(WORK).resolve("greeter");
        plain = Cli.run(ChildProcess.java().classPath(classPath).main(GreeterProgram.class));
        recorded = Cli.tools(
                "record", "--trace", trace.toString(), "--", "-cp", classPath, GreeterProgram.class.getName());
    }

    @Test
    void theProgramRunsUnchanged() {
        assertEquals(0, plain.exit(), plain::toString);
        assertTrue(plain.out().startsWith("akka " + VERSION + "\n"), "it ran on the old Akka: " + plain);
        assertEquals(plain.out(), recorded.out(), recorded::toString);
    }

    @Test
    void recordExitsNotRecordedNamingTheProgramsOwnStatus() {
        assertEquals(ExitCodes.NOT_RECORDED, recorded.exit(), recorded::toString);
        assertTrue(
                recorded.err().contains("[reprise] nothing was recorded in " + trace + ": Akka " + VERSION + " found; ")
                        && recorded.err().contains("exited with status " + plain.exit() + "."),
                recorded::toString);
    }

    @Test
    void theAgentSaysTheVersionIsNotSupportedNamingBoth() {
        List<String> said = recorded.errLines().stream()
                .filter(l -> l.startsWith("[reprise] "))
                .toList();
        assertEquals(
                List.of(
                        "[reprise] Akka " + VERSION + " found; Reprise records Akka 2.6.x to 2.8.x and Pekko 1.x: this "
                                + "run is not recorded; the application runs without the agent's hooks",
                        "[reprise] nothing was recorded in " + trace + ": Akka " + VERSION + " found; Reprise records "
                                + "Akka 2.6.x to 2.8.x and Pekko 1.x. The program ran without the agent's hooks and "
                                + "exited with status 0."),
                said,
                recorded::toString);
        Cli.assertNoStackTrace(recorded);
    }

    @Test
    void verifyAndStatsSayNothingWasRecordedAndWhy() throws Exception {
        Cli.Result v = Cli.tools("verify", trace.toString());
        assertEquals(ExitCodes.AGENT_ERRORS, v.exit(), v::toString);
        assertTrue(
                v.err().startsWith("NOT RECORDED: " + trace) && v.err().contains("Akka " + VERSION + " found"),
                v::toString);

        Cli.Result s = Cli.assertSuccess(Cli.tools("stats", "--json", trace.toString()));
        Map<?, ?> stats = (Map<?, ?>) Json.parse(s.out());
        assertTrue(String.valueOf(stats.get("notRecorded")).contains("Akka " + VERSION), s::toString);
        assertEquals(0L, stats.get("messages"), s::toString);
        assertEquals(0L, stats.get("actors"), s::toString);
    }

    @Test
    void replayRefusesTheTraceSayingWhy() {
        Cli.Result r = Cli.tools(
                "replay", "--trace", trace.toString(), "--", "-cp", classPath, GreeterProgram.class.getName());
        assertEquals(2, r.exit(), r::toString);
        assertTrue(r.err().contains("nothing was recorded in it: Akka " + VERSION + " found"), r::toString);
        assertEquals("", r.out(), "the program does not start: " + r);
    }
}
