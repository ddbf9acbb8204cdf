package dev.reprise.tide;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import org.graalvm.polyglot.Engine;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestFactory;

/**
 * Runs every {@code src/test/tide/NAME.tide} and {@code src/test/tide/savina/NAME.tide} and compares what it prints with NAME.output, as
 * SimpleLanguage's test suite does. Racy programs print only what does not depend on the race.
 */
class TideProgramsTest {
    private static final Path PROGRAMS = Path.of("src/test/tide");

    // One engine for all programs, so that compiled code is shared between them.
    private static Engine engine;

    @BeforeAll
    static void createEngine() {
        engine = Engine.create("tide");
    }

    @AfterAll
    static void closeEngine() {
        engine.close();
    }

    @TestFactory
    Stream<DynamicTest> programs() throws IOException {
        List<Path> files = new java.util.ArrayList<>();
        for (Path dir : List.of(PROGRAMS, PROGRAMS.resolve("savina"))) {
            try (Stream<Path> listing = Files.list(dir)) {
                files.addAll(listing.filter(p -> p.toString().endsWith(".tide"))
                        .sorted()
                        .toList());
            }
        }
        return files.stream()
                .map(file -> DynamicTest.dynamicTest(PROGRAMS.relativize(file).toString(), () -> {
                    Path expected = Path.of(file.toString().replaceFirst("\\.tide$", ".output"));
                    assertEquals(
                            Files.readString(expected),
                            TideRunner.run(engine, file),
                            file.getFileName().toString());
                }));
    }
}
