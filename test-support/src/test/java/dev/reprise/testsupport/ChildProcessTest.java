package dev.reprise.testsupport;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The launcher on a small child JVM ({@link Child}): what it captures, gives and kills. */
@Tag("slow") // starts JVMs: left out of ./reprise test --fast
class ChildProcessTest {
    @TempDir
    Path tmp;

    private static ChildProcess child(String... args) {
        return ChildProcess.java()
                .classPath(System.getProperty("java.class.path"))
                .main(Child.class, args);
    }

    @Test
    void aRunGivesTheExitCodeAndBothOutputsWhole() {
        ChildProcess.Result r =
                child("print", "arg", "3").systemProperty("child.word", "hello").run();
        assertEquals(3, r.exit(), r::toString);
        assertFalse(r.timedOut());
        assertEquals("out hello arg\n", r.out());
        assertEquals("err line\n", r.err());
        assertTrue(r.command().containsAll(ChildProcess.STANDARD_JVM_FLAGS), r::toString);
        assertEquals(ChildProcess.javaExecutable().toString(), r.command().get(0));

        ChildProcess.Result merged = child("print", "arg", "0").mergeErrors().run();
        assertTrue(merged.out().contains("out null arg\n") && merged.out().contains("err line\n"), merged::toString);
        assertEquals("", merged.err());
    }

    @Test
    void standardInputIsEmptyUnlessAFileIsGiven() throws Exception {
        assertEquals("", child("echo").run().out());
        Path in = Files.writeString(tmp.resolve("in.txt"), "a\nb\n");
        Path out = tmp.resolve("kept/out.txt");
        ChildProcess.Result r =
                child("echo").stdin(in).output(out, tmp.resolve("kept/err.txt")).run();
        assertEquals("read a\nread b\n", r.out());
        assertEquals(r.out(), Files.readString(out), "named output files are kept");
    }

    @Test
    void aChildPastItsTimeLimitIsKilled() {
        ChildProcess.Result r = child("forever").timeout(Duration.ofSeconds(2)).run();
        assertTrue(r.timedOut(), r::toString);
        assertEquals(-1, r.exit());
        assertTrue(r.out().startsWith("tick 0\n"), r::toString);
        assertTrue(r.toString().contains("killed after 2 s"), r::toString);
    }

    @Test
    void aRunningChildIsWaitedForThenKilledOrTerminated() {
        try (ChildProcess.Running running = child("forever").start()) {
            assertEquals("tick 5", running.awaitLine(l -> l.equals("tick 5"), Duration.ofSeconds(60)));
            assertEquals(
                    "tick 6", running.awaitLine(l -> l.startsWith("tick"), Duration.ofSeconds(60)), "each line once");
            running.kill();
            assertEquals(137, running.waitFor(Duration.ofSeconds(30)).exit(), "SIGKILL");
        }
        try (ChildProcess.Running running = child("forever").start()) {
            running.awaitLine(l -> l.equals("tick 1"), Duration.ofSeconds(60));
            running.terminate();
            assertEquals(143, running.waitFor(Duration.ofSeconds(30)).exit(), "SIGTERM");
        }
    }

    @Test
    void waitingForALineThatNeverComesFails() {
        try (ChildProcess.Running running = child("print", "x", "0").start()) {
            AssertionError e = assertThrows(
                    AssertionError.class, () -> running.awaitLine("never"::equals, Duration.ofSeconds(60)));
            assertTrue(
                    e.getMessage().contains("ended (exit 0)") && e.getMessage().contains("out null x"), e.getMessage());
        }
    }
}
