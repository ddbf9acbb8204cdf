package dev.reprise.tools.bench;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.stream.Stream;

/**
 * The blocks of {@code bench savina}'s finished benchmarks, one file per benchmark and dispatcher in
 * {@code OUT/saved}, written as each finishes, so that {@code --resume} continues a run that was
 * stopped (a full run takes hours) instead of starting again. A file holds what each JVM printed, so
 * the report is computed from saved blocks exactly as from fresh ones. It is used only when it was
 * measured with the same options and agent jar ({@code settings}).
 *
 * <p>Format, line by line: {@value #HEADER}; {@code settings S}; optionally {@code problem P} (why a
 * replay failed); then per block {@code block BYTES_PER_MESSAGE TRACE_BYTES MESSAGES}, and per arm of the
 * block {@code run ARM} (or {@code run replay}) followed by that JVM's lines; {@code end} last.
 */
final class SavedBlocks {
    static final String HEADER = "reprise bench savina saved blocks 1";

    private final Path dir;
    private final String settings;

    /** Saved blocks in {@code out/saved}, for runs measured with {@code settings}. */
    SavedBlocks(Path out, String settings) {
        this.dir = out.resolve("saved");
        this.settings = settings;
    }

    /** The blocks of one benchmark under one dispatcher, and why a replay failed (null if none did). */
    record Measured(List<SavinaRow.Block> blocks, String replayProblem) {}

    /** The file of {@code bench} under {@code dispatcher}. */
    Path file(String bench, String dispatcher) {
        return dir.resolve(bench + "-" + dispatcher + ".txt");
    }

    /** Deletes every saved file: a run that does not resume starts afresh. Returns how many there were. */
    int clear() throws IOException {
        if (!Files.isDirectory(dir)) {
            return 0;
        }
        int n = 0;
        try (Stream<Path> files = Files.list(dir)) {
            for (Path f : files.toList()) {
                Files.delete(f);
                n++;
            }
        }
        return n;
    }

    /** Saves {@code m}, replacing the file whole (a stop while writing leaves the old file or none). */
    void save(String bench, String dispatcher, Measured m) throws IOException {
        List<String> lines = new ArrayList<>(List.of(HEADER, "settings " + settings));
        if (m.replayProblem() != null) {
            lines.add("problem " + m.replayProblem().replace('\n', ' '));
        }
        for (SavinaRow.Block b : m.blocks()) {
            lines.add("block " + b.traceBytesPerMessage() + " " + b.traceBytes() + " " + b.messages());
            for (Map.Entry<SavinaArm, SavinaRun> e : b.runs().entrySet()) {
                lines.add("run " + e.getKey().label());
                lines.addAll(e.getValue().lines());
            }
            if (b.replay() != null) {
                lines.add("run replay");
                lines.addAll(b.replay().lines());
            }
        }
        lines.add("end");
        Files.createDirectories(dir);
        Path file = file(bench, dispatcher);
        Path partial = dir.resolve(file.getFileName() + ".partial");
        Files.write(partial, lines, StandardCharsets.UTF_8);
        Files.move(partial, file, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
    }

    /**
     * The saved blocks of {@code bench} under {@code dispatcher}, or null when none were saved.
     *
     * @throws IOException naming the file, when it was measured with other settings or is damaged
     */
    Measured load(String bench, String dispatcher) throws IOException {
        Path file = file(bench, dispatcher);
        if (!Files.isRegularFile(file)) {
            return null;
        }
        List<String> lines = Files.readAllLines(file, StandardCharsets.UTF_8);
        if (lines.size() < 2 || !lines.get(0).equals(HEADER) || !lines.get(1).startsWith("settings ")) {
            throw new IOException(file + " is not a file of saved blocks (no '" + HEADER
                    + "' header); delete it to measure " + bench + " under the " + dispatcher + " dispatcher again");
        }
        String saved = lines.get(1).substring("settings ".length());
        if (!saved.equals(settings)) {
            throw new IOException(file + " was measured with other settings (" + saved + ") than this run (" + settings
                    + "): resume with the same options and agent jar, or run without --resume to start afresh");
        }
        if (!lines.get(lines.size() - 1).equals("end")) {
            throw new IOException(file + " is cut short (no 'end' line); delete it to measure " + bench + " under the "
                    + dispatcher + " dispatcher again");
        }
        try {
            return parse(bench, lines.subList(2, lines.size() - 1));
        } catch (IOException | RuntimeException e) {
            throw new IOException(file + " is damaged (" + e.getMessage() + "); delete it to measure " + bench
                    + " under the " + dispatcher + " dispatcher again");
        }
    }

    private static Measured parse(String bench, List<String> lines) throws IOException {
        String problem = null;
        List<SavinaRow.Block> blocks = new ArrayList<>();
        int i = 0;
        if (!lines.isEmpty() && lines.get(0).startsWith("problem ")) {
            problem = lines.get(i++).substring("problem ".length());
        }
        while (i < lines.size()) {
            String[] block = lines.get(i++).split(" ");
            // Files saved before the messages were counted have no fourth field.
            if (block.length < 3 || block.length > 4 || !block[0].equals("block")) {
                throw new IOException(
                        "expected 'block BYTES_PER_MESSAGE TRACE_BYTES MESSAGES' at '" + String.join(" ", block) + "'");
            }
            Map<SavinaArm, SavinaRun> runs = new EnumMap<>(SavinaArm.class);
            SavinaRun replay = null;
            while (i < lines.size() && lines.get(i).startsWith("run ")) {
                String arm = lines.get(i++).substring("run ".length());
                int from = i;
                while (i < lines.size()
                        && !lines.get(i).startsWith("run ")
                        && !lines.get(i).startsWith("block ")) {
                    i++;
                }
                SavinaRun run = SavinaRun.parse(bench, lines.subList(from, i));
                if (arm.equals("replay")) {
                    replay = run;
                } else {
                    runs.put(SavinaArm.valueOf(arm.toUpperCase(Locale.ROOT)), run);
                }
            }
            if (!runs.containsKey(SavinaArm.BASE)) {
                throw new IOException("a block without a baseline run");
            }
            blocks.add(new SavinaRow.Block(
                    runs,
                    replay,
                    Double.parseDouble(block[1]),
                    Long.parseLong(block[2]),
                    block.length == 4 ? Long.parseLong(block[3]) : 0));
        }
        if (blocks.isEmpty()) {
            throw new IOException("no block");
        }
        return new Measured(blocks, problem);
    }
}
