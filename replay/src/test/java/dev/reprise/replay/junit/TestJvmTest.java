package dev.reprise.replay.junit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Properties;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.opentest4j.AssertionFailedError;

/** The command of a test's own JVM, and how it tells the test's JVM the outcome. */
class TestJvmTest {
    @Test
    void theTestJvmsOptionsAndPropertiesButNotItsAgentsDebuggerOrReprisesOwn() {
        Properties props = new Properties();
        props.setProperty("java.version", "25");
        props.setProperty("user.dir", "/work");
        props.setProperty("consumer.flaky", "true"); // set at run time, as Surefire's systemPropertyVariables are
        props.setProperty("given", "again");
        props.setProperty("reprise.replay", "target/reprise-traces/X.y");
        List<String> c = TestJvm.command(
                "/jdk/bin/java",
                List.of(
                        "-Xmx1g",
                        "-javaagent:/idea/idea_rt.jar=1234",
                        "-agentlib:jdwp=transport=dt_socket,server=n,address=5005",
                        "-Dgiven=once",
                        "-Dreprise.debug=5005",
                        "--sun-misc-unsafe-memory-access=allow"),
                props,
                "a.jar:b.jar",
                Path.of("/r/reprise-agent.jar"),
                "record,trace=/t",
                null);
        assertEquals(
                List.of(
                        "/jdk/bin/java",
                        "-Xmx1g",
                        "-Dgiven=once",
                        "--sun-misc-unsafe-memory-access=allow",
                        "-Dconsumer.flaky=true",
                        "-javaagent:/r/reprise-agent.jar=record,trace=/t",
                        "-cp",
                        "a.jar:b.jar",
                        RecordedTestMain.class.getName()),
                c);
    }

    @Test
    void aReplayWaitingForADebugger() {
        List<String> c = TestJvm.command(
                "java", List.of(), new Properties(), "cp", Path.of("/a.jar"), "replay,trace=/t", "5005");
        assertTrue(c.contains("-agentlib:jdwp=transport=dt_socket,server=y,suspend=y,address=5005"), c::toString);
        assertTrue(c.indexOf("-javaagent:/a.jar=replay,trace=/t") > 0, c::toString);
    }

    @Test
    void onlyTheApplicationsPropertiesAreForwarded() {
        for (String own : List.of(
                "java.home",
                "jdk.debug",
                "sun.boot.library.path",
                "os.name",
                "user.home",
                "file.encoding",
                "line.separator",
                "path.separator",
                "native.encoding",
                "stdout.encoding",
                "reprise.hunt.runs",
                "reprise.junit.test")) {
            assertFalse(TestJvm.forwarded(own), own);
        }
        for (String app : List.of("basedir", "consumer.flaky", "akka.loglevel", "javaagent")) {
            assertTrue(TestJvm.forwarded(app), app);
        }
    }

    @Test
    void aFailureComesBackAsTheSameExceptionWithItsMessage(@TempDir Path dir) throws Exception {
        Path file = dir.resolve("outcome");
        TestOutcome.of(TestOutcome.Status.FAILED, new AssertionFailedError("expected: <1> but was: <2>", 1, 2))
                .write(file);
        TestOutcome read = TestOutcome.read(file);
        assertEquals(TestOutcome.Status.FAILED, read.status());
        Throwable t = read.throwable(getClass().getClassLoader());
        AssertionFailedError e = assertInstanceOf(AssertionFailedError.class, t);
        assertEquals("expected: <1> but was: <2>", e.getMessage());
        assertEquals(2, e.getActual().getValue());
        assertTrue(read.text().contains("AssertionFailedError"), read.text());
    }

    @Test
    void aFailureThatDoesNotSerializeComesBackAsItsText(@TempDir Path dir) throws Exception {
        Path file = dir.resolve("outcome");
        class Unserializable extends RuntimeException {
            final Object held = new Object(); // not serializable

            Unserializable() {
                super("lost a race");
            }
        }
        TestOutcome.of(TestOutcome.Status.FAILED, new Unserializable()).write(file);
        Throwable t = TestOutcome.read(file).throwable(getClass().getClassLoader());
        assertInstanceOf(AssertionError.class, t);
        assertTrue(t.getMessage().contains("lost a race"), t.getMessage());
    }

    @Test
    void noOutcomeFromAJvmThatWroteNone(@TempDir Path dir) throws Exception {
        assertEquals(null, TestOutcome.read(dir.resolve("absent")));
        Files.createFile(dir.resolve("empty"));
        assertEquals(null, TestOutcome.read(dir.resolve("empty")));
    }
}
