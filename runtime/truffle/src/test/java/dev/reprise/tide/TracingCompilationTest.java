package dev.reprise.tide;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.graalvm.polyglot.Engine;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The tracing nodes on the Graal-compiled engine: a recording's message root compiles without a
 * bailout, and when the ids it records cross 255 and 65,535 its width specialisation widens and
 * the compiled code is invalidated (deoptimised) once per widening, not once per message.
 */
@Tag("slow") // a JVM of its own (see the pom), takes more than 5 s: left out of ./reprise test --fast
class TracingCompilationTest {
    private static final Path PROGRAMS = Path.of("src/test/tide");

    @Test
    void recordingMessageRootCompilesWithoutBailout(@TempDir Path dir) throws IOException {
        String log = recordWithCompilationTrace(dir, "counting");
        assertTrue(
                log.lines().anyMatch(line -> line.contains("opt done") && line.contains(" message ")),
                "the recording message root was not compiled:\n" + log);
        assertFalse(log.contains("opt failed"), "a compilation failed:\n" + log);
        assertFalse(log.toLowerCase().contains("bailout"), "a compilation bailed out:\n" + log);
    }

    /** hot_print: a callback that prints, compiled while it records both (the print's value once failed it: too deep inlining). */
    @Test
    void aRecordedCallbackThatPrintsCompiles(@TempDir Path dir) throws IOException {
        String log = recordWithCompilationTrace(dir, "hot_print");
        assertTrue(
                log.lines().anyMatch(line -> line.contains("opt done") && line.contains(" got ")),
                "the printing callback was not compiled:\n" + log);
        assertFalse(log.contains("opt failed"), "a compilation failed:\n" + log);
    }

    /**
     * many_senders: 70,000 greeters message one collector, so the sender ids that the message
     * root's width node sees cross 255 and then 65,535. Compiled early (a low threshold), the root
     * leaves compiled code through the width node exactly twice: once per widening.
     */
    @Test
    void widthWidensAndDeoptimisesOncePerWidening(@TempDir Path dir) throws IOException {
        String log = recordWithCompilationTrace(dir, "many_senders");
        assertFalse(log.contains("opt failed"), "a compilation failed:\n" + log);
        List<String> widenings = transfersToInterpreter(log).stream()
                .filter(stack ->
                        stack.contains("IdWidthNodeGen.execute") && stack.contains("RecordMessageNode.anySender"))
                .toList();
        assertEquals(
                2,
                widenings.size(),
                "compiled code left through the sender width node:\n" + String.join("\n", widenings));
    }

    /** The stacks of the compiled code's transfers to the interpreter in an engine log. */
    private static List<String> transfersToInterpreter(String log) {
        List<String> stacks = new ArrayList<>();
        StringBuilder current = null;
        for (String line : log.lines().toList()) {
            if (line.startsWith("[engine] transferToInterpreter at")) {
                if (current != null) {
                    stacks.add(current.toString());
                }
                current = new StringBuilder();
            } else if (current != null && line.startsWith("[engine]")) {
                stacks.add(current.toString());
                current = null;
            } else if (current != null) {
                current.append(line).append('\n');
            }
        }
        if (current != null) {
            stacks.add(current.toString());
        }
        return stacks;
    }

    // Records the program with compilation in the foreground, so compilations finish while it runs;
    // returns the compilation trace.
    private static String recordWithCompilationTrace(Path dir, String name) throws IOException {
        Path program = PROGRAMS.resolve(name + ".tide");
        ByteArrayOutputStream log = new ByteArrayOutputStream();
        try (Engine engine = Engine.newBuilder("tide")
                .allowExperimentalOptions(true)
                .option("engine.TraceCompilation", "true")
                .option("engine.BackgroundCompilation", "false")
                .option("engine.TraceTransferToInterpreter", "true")
                .option("engine.FirstTierCompilationThreshold", "50")
                .logHandler(log)
                .build()) {
            assertEquals(
                    Files.readString(PROGRAMS.resolve(name + ".output")),
                    TideRunner.record(engine, program, dir.resolve("trace")));
        }
        return log.toString(StandardCharsets.UTF_8);
    }
}
