package dev.reprise.testsupport;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Arrays;
import java.util.List;
import java.util.stream.Collectors;

/**
 * Runs jcstress tests as jcstress runs them, for the modules' JUnit tests: its own main (from the
 * caller's test class path, which must hold jcstress-core), forking JVMs in every compilation
 * mode it knows (interpreter, C1, C2, and C2 with its scheduling stress flags). The "quick"
 * preset keeps a run to a few minutes on two cores; a forbidden outcome in any mode fails it.
 */
public final class Jcstress {
    private static final Duration LIMIT = Duration.ofMinutes(10);

    private Jcstress() {}

    /** Runs {@code tests} in {@code workDir} (jcstress leaves its raw results there) and asserts only allowed outcomes. */
    public static void assertOnlyAllowedOutcomes(Path workDir, Class<?>... tests) throws IOException {
        Path output = workDir.resolve("jcstress.log");
        String names = Arrays.stream(tests).map(Class::getName).collect(Collectors.joining("|"));
        ChildProcess.Result r = ChildProcess.java()
                .classPath(System.getProperty("java.class.path"))
                .main(
                        "org.openjdk.jcstress.Main",
                        "-t",
                        names,
                        "-m",
                        "quick",
                        "-r",
                        workDir.resolve("report").toString())
                .directory(workDir)
                .mergeErrors()
                .output(output, null)
                .timeout(LIMIT)
                .run();
        List<String> log = Files.readAllLines(output);
        String summary = String.join(
                "\n",
                log.stream()
                        .filter(l -> l.contains("forbidden")
                                || l.contains("Results:")
                                || l.contains("FAILED")
                                || l.contains("Exception"))
                        .toList());
        assertTrue(!r.timedOut(), "jcstress did not end in 10 minutes:\n" + summary);
        assertEquals(0, r.exit(), () -> "jcstress found forbidden outcomes (report: " + workDir + "):\n" + summary);
        assertTrue(
                log.stream().anyMatch(l -> l.contains("0 failed, 0 soft errs, 0 hard errs")),
                () -> "jcstress ran no tests or had errors:\n" + summary);
    }
}
