package com.example.racy;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

import dev.reprise.replay.junit.ReplayTrace;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Replays the recording the build made (target/trace) and expects the very output it printed. */
class MainReplayIT {
    @Test
    @ReplayTrace(value = "target/trace", quiet = "3s")
    void replaysTheRecordedRun() throws Exception {
        // Recorded output also holds the JVM's and the agent's messages: compare the program's lines.
        List<String> recorded = programLines(Files.readString(Path.of("target/recorded.txt")));
        assertFalse(recorded.isEmpty(), "the recording printed nothing");

        PrintStream out = System.out;
        ByteArrayOutputStream captured = new ByteArrayOutputStream();
        System.setOut(new PrintStream(captured, true, StandardCharsets.UTF_8));
        try {
            Main.main(new String[0]);
        } finally {
            System.setOut(out);
        }
        List<String> replayed = programLines(captured.toString(StandardCharsets.UTF_8));
        assertEquals(recorded, replayed, "replay printed what the recording printed");
    }

    static List<String> programLines(String output) {
        return output.lines().filter(l -> l.startsWith(Main.PREFIX)).toList();
    }
}
