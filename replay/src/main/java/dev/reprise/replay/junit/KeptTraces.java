package dev.reprise.replay.junit;

import dev.reprise.trace.TraceFiles;
import java.io.IOException;
import java.io.Reader;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.Properties;
import java.util.UUID;
import java.util.stream.Stream;

/**
 * The folder of kept traces ({@code target/reprise-traces} by default): each run records into a
 * folder of its own there; a failing run's folder is renamed for its test ({@code
 * ShopTest.paysOnce}, {@code ShopTest.paysOnce-2} when that is taken) and says which test it
 * recorded ({@value TraceFiles#JUNIT_TEST}); a passing run's is deleted.
 */
final class KeptTraces {
    private final Path root;

    KeptTraces(Path root) {
        this.root = root.toAbsolutePath().normalize();
    }

    /** A fresh folder for a run to record into, not yet created (the agent creates it). */
    Path recording() throws IOException {
        Files.createDirectories(root);
        return root.resolve(".recording-" + UUID.randomUUID());
    }

    /** Keeps {@code recording} under {@code name} with what {@code test} says of the run; returns where. */
    Path keep(Path recording, String name, Properties test) throws IOException {
        Path kept = root.resolve(name);
        for (int n = 2; Files.exists(kept); n++) {
            kept = root.resolve(name + "-" + n);
        }
        Files.move(recording, kept);
        try (Writer w = Files.newBufferedWriter(kept.resolve(TraceFiles.JUNIT_TEST), StandardCharsets.UTF_8)) {
            test.store(w, "the test this trace recorded (reprise @RecordOnFailure or @Hunt)");
        }
        return kept;
    }

    /** Deletes a passing run's trace. */
    static void delete(Path recording) throws IOException {
        if (!Files.exists(recording)) {
            return;
        }
        try (Stream<Path> files = Files.walk(recording)) {
            for (Path p : files.sorted(Comparator.reverseOrder()).toList()) {
                Files.delete(p);
            }
        }
    }

    /** What a kept trace says of its test, or null for a trace no extension kept. */
    static Properties test(Path trace) throws IOException {
        Path file = trace.resolve(TraceFiles.JUNIT_TEST);
        if (!Files.isRegularFile(file)) {
            return null;
        }
        Properties p = new Properties();
        try (Reader r = Files.newBufferedReader(file, StandardCharsets.UTF_8)) {
            p.load(r);
        }
        return p;
    }
}
