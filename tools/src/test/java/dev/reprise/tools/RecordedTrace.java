package dev.reprise.tools;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.reprise.programs.TallyProgram;
import dev.reprise.testsupport.ActorRuntime;
import dev.reprise.testsupport.SamplePrograms;
import dev.reprise.trace.TraceFiles;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.zip.CRC32C;

/**
 * The one trace the command-line tests share: {@link TallyProgram} recorded once through {@code
 * reprise record} (recording takes a JVM start and a second or so), and copies of it made unusable
 * in the ways users meet.
 */
final class RecordedTrace {
    /**
     * The class path: this test JVM's (the sample programs, Akka, and the rest), as a user could
     * give it; on another runtime than the build's Akka, the program's on that runtime.
     */
    static final String CLASS_PATH = ActorRuntime.current().isBuilt()
            ? System.getProperty("java.class.path")
            : SamplePrograms.classPath(TallyProgram.class);

    static final String PROGRAM = TallyProgram.class.getName();

    private static RecordedTrace recorded;
    /** Each JVM's trace is in {@link Cli#WORK} under this and the JVM's process id. */
    private static final String FOLDER = "tally-";

    final Path dir;
    /** What {@code reprise record} printed and returned. */
    final Cli.Result record;
    /** The program's one result line, {@code tally ...}. */
    final String tallyLine;

    private RecordedTrace(Path dir, Cli.Result record, String tallyLine) {
        this.dir = dir;
        this.record = record;
        this.tallyLine = tallyLine;
    }

    /**
     * Records the program the first time it is asked for (every test class in this JVM shares it),
     * in a folder of this JVM's own: test classes run two at a time, in two JVMs, and each records
     * its own.
     */
    static synchronized RecordedTrace get() throws IOException {
        if (recorded == null) {
            Cli.requireJars();
            deleteEndedJvmsTraces();
            Path dir = Cli.WORK.resolve(FOLDER + ProcessHandle.current().pid());
            Cli.deleteTree(dir);
            Files.createDirectories(dir);
            Cli.Result r = Cli.tools(
                    "record",
                    "--trace",
                    dir.toString(),
                    "-o",
                    "include=dev.reprise.programs",
                    "--",
                    "-cp",
                    CLASS_PATH,
                    PROGRAM);
            assertEquals(0, r.exit(), () -> "record: " + r);
            assertTrue(Files.isRegularFile(TraceFiles.events(dir)), () -> "no trace written: " + r);
            recorded = new RecordedTrace(dir, r, tallyLine(r));
        }
        return recorded;
    }

    /** Deletes the traces of test JVMs that have ended: one left from each earlier run would pile up. */
    private static void deleteEndedJvmsTraces() throws IOException {
        if (!Files.isDirectory(Cli.WORK)) {
            return;
        }
        List<Path> ended;
        try (var folders = Files.list(Cli.WORK)) {
            ended = folders.filter(f -> {
                        String name = f.getFileName().toString();
                        if (!name.startsWith(FOLDER)) {
                            return false;
                        }
                        try {
                            long pid = Long.parseLong(name.substring(FOLDER.length()));
                            return ProcessHandle.of(pid).isEmpty();
                        } catch (NumberFormatException e) {
                            return false;
                        }
                    })
                    .toList();
        }
        for (Path f : ended) {
            Cli.deleteTree(f);
        }
    }

    /** The {@code tally ...} line a run of the program printed. */
    static String tallyLine(Cli.Result r) {
        List<String> lines = r.out().lines().filter(l -> l.startsWith("tally ")).toList();
        assertEquals(1, lines.size(), () -> "expected one tally line: " + r);
        return lines.get(0);
    }

    /** A copy of this trace in {@code target}. */
    Path copy(Path target) throws IOException {
        Files.createDirectories(target);
        try (var files = Files.list(dir)) {
            for (Path f : files.toList()) {
                Files.copy(f, target.resolve(f.getFileName()), StandardCopyOption.REPLACE_EXISTING);
            }
        }
        return target;
    }

    /**
     * A copy as a newer Reprise would write it: format version {@code version} in both binary file
     * headers (u16 little-endian at byte 8, the header's CRC32C over bytes 0-11 at byte 12 made
     * to match, so only the version is "wrong") and in {@code trace.json}.
     */
    Path copyWithFormatVersion(Path target, int version) throws IOException {
        copy(target);
        for (Path f : List.of(TraceFiles.events(target), TraceFiles.data(target))) {
            if (!Files.exists(f)) {
                continue;
            }
            byte[] b = Files.readAllBytes(f);
            b[8] = (byte) version;
            b[9] = (byte) (version >>> 8);
            CRC32C crc = new CRC32C();
            crc.update(b, 0, 12);
            int c = (int) crc.getValue();
            for (int i = 0; i < 4; i++) {
                b[12 + i] = (byte) (c >>> (8 * i));
            }
            Files.write(f, b);
        }
        Path json = TraceFiles.metadata(target);
        Matcher m = Pattern.compile("\"formatVersion\"\\s*:\\s*\\d+")
                .matcher(Files.readString(json, StandardCharsets.UTF_8));
        assertTrue(m.find(), "trace.json has no formatVersion to patch");
        Files.writeString(json, m.replaceFirst("\"formatVersion\": " + version), StandardCharsets.UTF_8);
        return target;
    }
}
