package dev.reprise.tools;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.reprise.samples.PlainProgram;
import dev.reprise.testsupport.SamplePrograms;
import dev.reprise.trace.ExitCodes;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;

/**
 * A program without Akka (or Scala) on its class path (the samples module's jar alone) under
 * {@code reprise record}: the agent cannot start, so it says so and the program runs as it would
 * without it; record exits 89 naming the program's own exit status, and verify says why nothing
 * was recorded. (Before, the JVM aborted in the agent's premain.)
 */
class WithoutAkkaIT {
    @Test
    void theProgramRunsUnrecordedAndTheTraceSaysWhy() throws Exception {
        Cli.requireJars();
        Path trace = RecordedPrograms.folder("without-akka").resolve("trace");
        Cli.Result r = Cli.tools(
                "record",
                "--trace",
                trace.toString(),
                "--",
                "-cp",
                SamplePrograms.location(PlainProgram.class).toString(),
                PlainProgram.class.getName());
        assertEquals(ExitCodes.NOT_RECORDED, r.exit(), r::toString);
        assertEquals("plain program ran\n", r.out(), r::toString);
        assertTrue(
                r.err()
                        .contains(
                                "[reprise] no Akka or Pekko was loaded, neither on the application's class path nor in a "
                                        + "class loader of its own"),
                r::toString);
        assertTrue(
                r.err().contains("The program ran without the agent's hooks and exited with status 0."), r::toString);
        Cli.assertNoStackTrace(r);

        Cli.Result v = Cli.tools("verify", trace.toString());
        assertEquals(ExitCodes.AGENT_ERRORS, v.exit(), v::toString);
        assertTrue(v.err().startsWith("NOT RECORDED: " + trace), v::toString);
    }
}
