package dev.reprise.tools;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.reprise.samples.MutatedInput;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Outside input changed by its sender after it was sent ({@link MutatedInput}), recorded with
 * {@code ./reprise record} and replayed with {@code ./reprise replay}: replay injects each
 * message's recorded content, which must be the message as it was sent, not as the writer thread
 * later found it. (When the content was serialised on the writer thread, the replay printed
 * "got ????????".)
 */
class MutatedInputIT {
    @Test
    void outsideInputIsRecordedAsItWasSent() throws Exception {
        Cli.requireJars();
        Path dir = RecordedPrograms.folder("mutated-input");
        for (int run = 1; run <= 2; run++) {
            Path trace = dir.resolve("run" + run);
            Cli.Result record = RecordedPrograms.record(trace, MutatedInput.class);
            List<String> recorded = lines(record);
            assertEquals(MutatedInput.MESSAGES, recorded.size(), record::toString);
            assertTrue(recorded.stream().allMatch(l -> l.startsWith("got message ")), record::toString);
            Cli.Result replay = RecordedPrograms.replay(trace, List.of(), MutatedInput.class);
            assertEquals(0, replay.exit(), replay::toString);
            assertEquals(recorded, lines(replay), replay::toString);
        }
    }

    private static List<String> lines(Cli.Result r) {
        return r.out().lines().filter(l -> l.startsWith("got ")).toList();
    }
}
