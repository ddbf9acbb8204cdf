package dev.reprise.runtime;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Runs the jcstress tests of the buffer protocol ({@link BufferOwnershipStress}) and of the data
 * stage's publication ({@link DataStageStress}) as jcstress runs
 * them: its own main, forking JVMs in every compilation mode it knows (interpreter, C1, C2, and
 * C2 with its scheduling stress flags). The "quick" preset keeps the run to a few minutes on two
 * cores; a forbidden outcome in any mode fails the run.
 */
class BufferOwnershipStressTest {
    @TempDir
    Path tmp;

    @Test
    void everyTransitionRaceHasOnlyAllowedOutcomes() throws Exception {
        Path output = tmp.resolve("jcstress.log"); // jcstress also leaves its raw results in the working folder
        Process p = new ProcessBuilder(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-cp", System.getProperty("java.class.path"), "org.openjdk.jcstress.Main",
                "-t", BufferOwnershipStress.class.getName() + "|" + DataStageStress.class.getName(), "-m", "quick", "-r", tmp.resolve("report").toString())
                .directory(tmp.toFile()).redirectErrorStream(true).redirectOutput(output.toFile()).start();
        boolean ended = p.waitFor(10, TimeUnit.MINUTES);
        if (!ended) {
            p.destroyForcibly();
        }
        List<String> log = Files.readAllLines(output);
        String summary = String.join("\n", log.stream().filter(l -> l.contains("forbidden") || l.contains("Results:")
                || l.contains("FAILED") || l.contains("Exception")).toList());
        assertTrue(ended, "jcstress did not end in 10 minutes:\n" + summary);
        assertEquals(0, p.exitValue(), () -> "jcstress found forbidden outcomes (report: " + tmp + "):\n" + summary);
        assertTrue(log.stream().anyMatch(l -> l.contains("0 failed, 0 soft errs, 0 hard errs")),
                () -> "jcstress ran no tests or had errors:\n" + summary);
    }
}
