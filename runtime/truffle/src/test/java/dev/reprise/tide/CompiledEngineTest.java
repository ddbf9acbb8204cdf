package dev.reprise.tide;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import org.graalvm.polyglot.Engine;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Proves the Graal JIT set-up of the build: the engine is the optimizing one, not the
 * interpreter-only fallback, and a hot Tide loop is actually compiled without a bailout.
 */
class CompiledEngineTest {
    @Test
    void engineIsTheOptimizingRuntime() {
        try (Engine engine = Engine.create("tide")) {
            assertNotEquals(
                    "Interpreted",
                    engine.getImplementationName(),
                    "Truffle fell back to the interpreter: is the Graal compiler on --upgrade-module-path with JVMCI enabled?");
        }
    }

    @Test
    void hotLoopIsCompiled(@TempDir Path dir) throws IOException {
        String trace = compilationTrace(dir, """
                def sum(n) {
                  var total = 0;
                  var i = 0;
                  while (i < n) {
                    total = total + i;
                    i = i + 1;
                  }
                  return total;
                }
                print(sum(300000));
                """, "44999850000\n");
        assertTrue(trace.contains("opt done"), "no compilation finished:\n" + trace);
        assertFalse(trace.contains("opt failed"), "a compilation failed:\n" + trace);
    }

    @Test
    void messageProcessingIsCompiled(@TempDir Path dir) throws IOException {
        String trace = compilationTrace(dir, """
                actor Counter() {
                  var count = 0;
                  def increment() {
                    count = count + 1;
                  }
                  def retrieve() {
                    return count;
                  }
                }
                var counter = new Counter();
                var i = 0;
                while (i < 2000) {
                  counter <- increment();
                  i = i + 1;
                }
                whenResolved(counter <- retrieve(), fn(n) { print(n); });
                """, "2000\n");
        assertTrue(
                trace.lines().anyMatch(line -> line.contains("opt done") && line.contains(" message ")),
                "the message root was not compiled:\n" + trace);
        assertFalse(trace.contains("opt failed"), "a compilation failed:\n" + trace);
    }

    // Runs the program with compilation in the foreground, so compilations finish before the
    // program does; returns the compilation trace.
    private static String compilationTrace(Path dir, String source, String expectedOutput) throws IOException {
        Path program = dir.resolve("program.tide");
        Files.writeString(program, source);
        ByteArrayOutputStream log = new ByteArrayOutputStream();
        try (Engine engine = Engine.newBuilder("tide")
                .allowExperimentalOptions(true)
                .option("engine.TraceCompilation", "true")
                .option("engine.BackgroundCompilation", "false")
                .logHandler(log)
                .build()) {
            assertEquals(expectedOutput, TideRunner.run(engine, program, new ByteArrayInputStream(new byte[0])));
        }
        return log.toString(StandardCharsets.UTF_8);
    }
}
