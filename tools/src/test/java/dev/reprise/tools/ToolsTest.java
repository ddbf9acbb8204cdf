package dev.reprise.tools;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.reprise.programs.HelloProgram;
import dev.reprise.testsupport.Project;
import dev.reprise.trace.Json;
import dev.reprise.trace.TraceAnalysis;
import dev.reprise.trace.TraceIds;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.Map;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;

/** verify, inspect and stats on real trace files, sound and broken. */
class ToolsTest {
    @TempDir
    Path tmp;

    Path trace;

    record Run(int exit, String out, String err) {}

    static Run run(String... args) {
        CommandLine cl = RepriseCommand.commandLine();
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        cl.setOut(new PrintWriter(out, true));
        cl.setErr(new PrintWriter(err, true));
        int exit = cl.execute(args);
        return new Run(exit, out.toString(), err.toString());
    }

    @BeforeEach
    void record() throws Exception {
        trace = tmp.resolve("trace");
        SampleTraces.pingPong(trace, 50);
    }

    private Path copyWithEvents(byte[] events) throws Exception {
        Path dir = Files.createDirectories(tmp.resolve("broken"));
        for (Path f : Files.list(trace).toList()) {
            Files.copy(f, dir.resolve(f.getFileName()));
        }
        Files.write(dir.resolve("events.rpt"), events);
        return dir;
    }

    @Test
    void verifyAcceptsASoundTrace() {
        Run r = run("verify", trace.toString());
        assertEquals(0, r.exit, r.err);
        assertTrue(r.out.startsWith("OK: " + trace + " is sound"), r.out);
        assertTrue(r.out.contains("3 actors, 1 external source, 101 messages (1 external), 1 system call"), r.out);
    }

    @Test
    void verifyNamesFileChunkAndOffsetOfATruncation() throws Exception {
        byte[] events = Files.readAllBytes(trace.resolve("events.rpt"));
        Path broken = copyWithEvents(Arrays.copyOf(events, events.length - 5));
        Run r = run("verify", broken.toString());
        assertEquals(1, r.exit);
        String first = r.err.lines().findFirst().orElseThrow();
        assertTrue(first.startsWith("FAILED: " + broken.resolve("events.rpt") + ": chunk "), first);
        assertTrue(first.contains("at byte offset") && first.contains("the file ends inside the chunk"), first);
        assertTrue(first.contains("chunks before it are readable"), first);
    }

    @Test
    void verifyCatchesAFlippedByteByChecksum() throws Exception {
        byte[] events = Files.readAllBytes(trace.resolve("events.rpt"));
        events[60] ^= 0x10;
        Path broken = copyWithEvents(events);
        Run r = run("verify", broken.toString());
        assertEquals(1, r.exit);
        assertTrue(
                r.err.startsWith(
                        "FAILED: " + broken.resolve("events.rpt") + ": chunk 0 at byte offset 16: checksum mismatch"),
                r.err);
    }

    @Test
    void verifyRefusesAnUnknownVersionAndANonTrace() throws Exception {
        byte[] events = Files.readAllBytes(trace.resolve("events.rpt"));
        events[8] = 99; // a version no Reprise writes; the header checksum no longer matches either
        Run r = run("verify", copyWithEvents(events).toString());
        assertEquals(1, r.exit);
        assertTrue(r.err.contains("events.rpt") && r.err.contains("header"), r.err);

        Run missing = run("verify", tmp.resolve("nowhere").toString());
        assertEquals(2, missing.exit);
        assertTrue(missing.err.contains("nowhere: no such trace directory"), missing.err);

        Files.createDirectories(tmp.resolve("empty"));
        Run empty = run("stats", tmp.resolve("empty").toString());
        assertEquals(2, empty.exit);
        assertTrue(empty.err.contains("not a trace directory"), empty.err);
    }

    @Test
    void verifyReportsARecordingThatWasCutOff() throws Exception {
        Files.writeString(
                trace.resolve("trace.json"),
                Files.readString(trace.resolve("trace.json")).replace("\"cleanEnd\": true", "\"cleanEnd\": false"));
        Run r = run("verify", trace.toString());
        assertEquals(1, r.exit);
        assertTrue(r.err.contains("did not end cleanly"), r.err);
    }

    @Test
    void inspectListsEventsPerActorWithData() {
        Run r = run("inspect", trace.toString());
        assertEquals(0, r.exit, r.err);
        assertTrue(
                r.out.startsWith("actor 2\n  subtrace 0  (chunk 0 at byte offset 16 (thread 1, sequence 0))\n"
                        + "    created actor 3\n"),
                r.out);
        assertTrue(r.out.contains("actor 3\n  subtrace 0"), r.out);
        assertTrue(
                r.out.contains("    external message from " + TraceIds.FIRST_EXTERNAL_SOURCE
                        + " type 7, data 1  [12 bytes: \"GET /flights\"]"),
                r.out);
        assertTrue(r.out.contains("    system call, data 2  [8 bytes: "), r.out);
        assertEquals(
                50, r.out.lines().filter(l -> l.equals("    message from 2")).count());
    }

    @Test
    void inspectFiltersByActorAndLimits() {
        Run r = run("inspect", trace.toString(), "--actor", "3", "--limit", "4");
        assertEquals(0, r.exit, r.err);
        assertTrue(r.out.startsWith("actor 3\n"), r.out);
        assertTrue(!r.out.contains("actor 2"), r.out);
        assertEquals(4, r.out.lines().filter(l -> l.startsWith("    ")).count(), r.out);
        assertTrue(r.out.contains("... 46 more events"), r.out);

        Run none = run("inspect", trace.toString(), "--actor", "99");
        assertEquals(0, none.exit);
        assertTrue(none.out.contains("Actor 99 has no events"), none.out);

        Run bad = run("inspect", trace.toString(), "--limit", "x");
        assertEquals(2, bad.exit);
        assertTrue(bad.err.contains("--limit"), bad.err);
    }

    @Test
    void inspectShowsTheReadablePartOfADamagedTrace() throws Exception {
        byte[] events = Files.readAllBytes(trace.resolve("events.rpt"));
        Path broken = copyWithEvents(Arrays.copyOf(events, events.length - 5));
        Run r = run("inspect", broken.toString());
        assertEquals(0, r.exit);
        assertTrue(r.out.contains("actor 2"), r.out);
        assertTrue(r.err.startsWith("warning: the trace is damaged"), r.err);
    }

    @Test
    void statsJsonHasTheDocumentedKeysAndRightCounts() throws Exception {
        Run r = run("stats", trace.toString(), "--json");
        assertEquals(0, r.exit, r.err);
        @SuppressWarnings("unchecked")
        Map<String, Object> m = (Map<String, Object>) Json.parse(r.out);
        for (String key : new String[] {
            "actors",
            "externalSources",
            "tempActors",
            "timers",
            "promises",
            "messages",
            "promiseMessages",
            "externalMessages",
            "systemCalls",
            "systemMessages",
            "creations",
            "eventBytes",
            "dataBytes",
            "bytesPerMessage",
            "durationSeconds"
        }) {
            assertTrue(m.containsKey(key), "missing key " + key + " in " + r.out);
        }
        assertEquals(3L, m.get("actors"));
        assertEquals(1L, m.get("externalSources"));
        assertEquals(0L, m.get("timers"));
        assertEquals(101L, m.get("messages"));
        assertEquals(1L, m.get("externalMessages"));
        assertEquals(1L, m.get("systemCalls"));
        assertEquals(1L, m.get("creations"));
        assertEquals(Files.size(trace.resolve("events.rpt")), m.get("eventBytes"));
        assertEquals(Files.size(trace.resolve("data.rpd")), m.get("dataBytes"));
        assertEquals(
                Math.round((double) Files.size(trace.resolve("events.rpt")) / 101 * 1000) / 1000.0,
                m.get("bytesPerMessage"));
        assertTrue(m.get("durationSeconds") instanceof Double);

        Run text = run("stats", trace.toString());
        assertTrue(text.out.contains("messages          101"), text.out);
    }

    @Test
    @Tag("slow") // starts a JVM with the packaged agent: left out of ./reprise test --fast
    void recordRunsTheProgramWithTheAgentAndPassesOnItsExitCode() throws Exception {
        Path root = Project.root();
        org.junit.jupiter.api.Assumptions.assumeTrue(
                Files.isRegularFile(Project.agentJar()), "the agent is packaged before the tools in a full build");
        System.setProperty("reprise.home", root.toString());
        Path recorded = tmp.resolve("recorded");
        Run r = run(
                "record",
                "--trace",
                recorded.toString(),
                "-o",
                "flushInterval=50ms",
                "-o",
                "sync=always",
                "--",
                "-cp",
                System.getProperty("java.class.path"),
                HelloProgram.class.getName(),
                "a",
                "b");
        assertEquals(3, r.exit, r.err);
        TraceAnalysis.Report report = TraceAnalysis.run(recorded);
        assertEquals(java.util.List.of(), report.problems());
        assertEquals("50ms", report.metadata().settings().get("flushInterval"));
        assertEquals("always", report.metadata().settings().get("sync"));
        assertTrue(
                report.metadata().count("syncs") > 0,
                "the writer forced the files: " + report.metadata().counts());

        Run bad = run("record", "--trace", tmp.resolve("x").toString(), "-o", "nonsense", "--", "-version");
        assertEquals(2, bad.exit);
        assertTrue(bad.err.contains("--option expects KEY=VALUE, got 'nonsense'"), bad.err);
    }

    @Test
    void everyCommandHasHelp() {
        for (String cmd : new String[] {"record", "inspect", "verify", "stats", "view"}) {
            Run r = run(cmd, "--help");
            assertEquals(0, r.exit);
            assertTrue(r.out.contains("Usage: reprise " + cmd), r.out);
        }
        Run top = run("--help");
        assertTrue(top.out.contains("inspect") && top.out.contains("Exit codes"), top.out);
        assertEquals(2, run().exit);
        assertEquals(2, run("frobnicate").exit);
    }
}
