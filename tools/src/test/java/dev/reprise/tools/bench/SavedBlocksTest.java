package dev.reprise.tools.bench;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class SavedBlocksTest {
    private static final String SETTINGS =
            "quick=false pairs=2 iterations=6 peers=jfr seed=1 pinned=true agent=0123456789abcdef";

    private static SavinaRun run(long base, String peer) {
        List<Long> wall = new ArrayList<>();
        List<Long> cpu = new ArrayList<>();
        for (int i = 0; i < 6; i++) {
            wall.add(base + 7 * i);
            cpu.add(base / 2 + i);
        }
        return new SavinaRun("PingPong", wall, wall, cpu, peer);
    }

    private static SavedBlocks.Measured measured() {
        List<SavinaRow.Block> blocks = new ArrayList<>();
        blocks.add(new SavinaRow.Block(
                Map.of(
                        SavinaArm.BASE,
                        run(1_000_000, null),
                        SavinaArm.RECORD,
                        run(1_200_000, null),
                        SavinaArm.JFR,
                        run(1_500_000, "peer jfr messages 1000 bytes 400000 unserializable 0")),
                run(3_000_000, null),
                1.75,
                123_456,
                70_000));
        // a block whose replay failed, and a Tide JVM's run whose compilers marked its warm-up
        SavinaRun tide = new SavinaRun(
                "PingPong", List.of(5L, 6L), List.of(9L, 8L, 5L, 6L), List.of(1L, 2L, 3L, 4L), null, true);
        blocks.add(new SavinaRow.Block(
                Map.of(
                        SavinaArm.BASE,
                        tide,
                        SavinaArm.RECORD,
                        run(1_100_000, null),
                        SavinaArm.JFR,
                        run(1_400_000, "peer jfr messages 1000 bytes 400000 unserializable 0")),
                null,
                Double.NaN,
                0));
        return new SavedBlocks.Measured(blocks, "pair 2: PingPong (replay) failed with exit code 86: diverged");
    }

    @Test
    void savedBlocksLoadAsTheyWereMeasuredAndGiveTheSameRow(@TempDir Path out) throws IOException {
        SavedBlocks saved = new SavedBlocks(out, SETTINGS);
        assertNull(saved.load("PingPong", "single"), "nothing saved yet");
        SavedBlocks.Measured m = measured();
        saved.save("PingPong", "single", m);
        SavedBlocks.Measured back = saved.load("PingPong", "single");
        assertEquals(m, back);
        assertEquals(
                SavinaRow.of("PingPong", "single", m.blocks(), List.of(SavinaArm.JFR), m.replayProblem()),
                SavinaRow.of("PingPong", "single", back.blocks(), List.of(SavinaArm.JFR), back.replayProblem()));
        assertEquals(
                List.of(saved.file("PingPong", "single")),
                Files.list(out.resolve("saved")).toList(),
                "written whole, nothing partial left");
        assertNull(saved.load("PingPong", "default"), "saved per dispatcher");
        assertEquals(70_000, back.blocks().get(0).messages());

        // A file saved before the messages were counted: its blocks load, with the messages unknown.
        Path file = saved.file("PingPong", "single");
        Files.write(
                file,
                Files.readAllLines(file).stream()
                        .map(l -> l.startsWith("block ") ? l.substring(0, l.lastIndexOf(' ')) : l)
                        .toList());
        SavedBlocks.Measured older = saved.load("PingPong", "single");
        assertEquals(0, older.blocks().get(0).messages());
        assertEquals(m.blocks().get(0).runs(), older.blocks().get(0).runs());
        assertEquals(1, saved.clear());
        assertNull(saved.load("PingPong", "single"));
    }

    @Test
    void blocksMeasuredWithOtherSettingsAreRefusedNamingTheFileAndBothSettings(@TempDir Path out) throws IOException {
        new SavedBlocks(out, SETTINGS).save("PingPong", "single", measured());
        String other = SETTINGS.replace("pairs=2", "pairs=5");
        IOException e = assertThrows(IOException.class, () -> new SavedBlocks(out, other).load("PingPong", "single"));
        assertTrue(
                e.getMessage()
                        .contains("PingPong-single.txt was measured with other settings (" + SETTINGS + ") than "
                                + "this run (" + other + ")"),
                e.getMessage());
    }

    @Test
    void aFileCutShortOrDamagedIsRefusedNamingItAndWhatToDo(@TempDir Path out) throws IOException {
        SavedBlocks saved = new SavedBlocks(out, SETTINGS);
        saved.save("PingPong", "single", measured());
        Path file = saved.file("PingPong", "single");
        List<String> lines = Files.readAllLines(file);

        Files.write(file, lines.subList(0, lines.size() / 2));
        IOException cut = assertThrows(IOException.class, () -> saved.load("PingPong", "single"));
        assertTrue(
                cut.getMessage()
                        .contains(file + " is cut short (no 'end' line); delete it to measure PingPong under "
                                + "the single dispatcher again"),
                cut.getMessage());

        List<String> damaged = new ArrayList<>(lines);
        damaged.replaceAll(l -> l.startsWith("iteration 3 ") ? l.replaceFirst("measured \\d+", "measured x1") : l);
        Files.write(file, damaged);
        IOException bad = assertThrows(IOException.class, () -> saved.load("PingPong", "single"));
        assertTrue(bad.getMessage().startsWith(file + " is damaged ("), bad.getMessage());

        Files.writeString(file, "report.md\n");
        IOException foreign = assertThrows(IOException.class, () -> saved.load("PingPong", "single"));
        assertTrue(foreign.getMessage().contains("is not a file of saved blocks"), foreign.getMessage());
    }
}
