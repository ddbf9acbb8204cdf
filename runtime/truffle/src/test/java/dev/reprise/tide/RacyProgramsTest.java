package dev.reprise.tide;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.graalvm.polyglot.Engine;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Runs the racy programs several times: their interleavings differ between runs, and what they
 * print (only what the race cannot change) must not.
 */
class RacyProgramsTest {
    private static final int RUNS = 5;

    @ParameterizedTest
    @ValueSource(strings = {"racy_total", "promise_race"})
    void invariantHoldsOnEveryRun(String name) throws IOException {
        Path program = Path.of("src/test/tide", name + ".tide");
        String expected = Files.readString(Path.of("src/test/tide", name + ".output"));
        try (Engine engine = Engine.create("tide")) {
            for (int run = 0; run < RUNS; run++) {
                assertEquals(expected, TideRunner.run(engine, program), "run " + run);
            }
        }
    }
}
