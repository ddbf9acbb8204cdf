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
            assertNotEquals("Interpreted", engine.getImplementationName(),
                    "Truffle fell back to the interpreter: is the Graal compiler on --upgrade-module-path with JVMCI enabled?");
        }
    }

    @Test
    void hotLoopIsCompiled(@TempDir Path dir) throws IOException {
        Path program = dir.resolve("loop.tide");
        Files.writeString(program, """
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
                """);
        ByteArrayOutputStream log = new ByteArrayOutputStream();
        // Compiling in the foreground makes the loop's compilation finish before the program does.
        try (Engine engine = Engine.newBuilder("tide").allowExperimentalOptions(true)
                .option("engine.TraceCompilation", "true")
                .option("engine.BackgroundCompilation", "false")
                .logHandler(log).build()) {
            String output = TideRunner.run(engine, program, new ByteArrayInputStream(new byte[0]));
            assertEquals("44999850000\n", output);
        }
        String trace = log.toString(StandardCharsets.UTF_8);
        assertTrue(trace.contains("opt done"), "no compilation finished:\n" + trace);
        assertFalse(trace.contains("opt failed"), "a compilation failed:\n" + trace);
    }
}
