package dev.reprise.tools.diff;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.reprise.trace.CreationKind;
import dev.reprise.trace.Fingerprint;
import dev.reprise.trace.SystemMessageKind;
import dev.reprise.trace.TraceEvent;
import dev.reprise.trace.TraceEvent.Creation;
import dev.reprise.trace.TraceEvent.Message;
import dev.reprise.trace.TraceEvent.SystemCall;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * The comparison and its causal order on hand-built runs: which actors differ, where, which are
 * roots and what each follows from, as the JSON report (and in places the text) says it.
 */
class TraceDiffTest {
    /** Actor 1 creates actors 10, 11 and 12 (a parent every test shares). */
    static Map<Long, List<TraceEvent>> parent() {
        Map<Long, List<TraceEvent>> m = new LinkedHashMap<>();
        m.put(1L, List.of(new Creation(10), new Creation(11), new Creation(12)));
        return m;
    }

    static Map<String, Object> diff(Map<Long, List<TraceEvent>> a, Map<Long, List<TraceEvent>> b) throws IOException {
        return DiffJson.of(TraceDiff.compare(
                RecordedRun.of("A", a, Map.of(), (owner, id) -> null),
                RecordedRun.of("B", b, Map.of(), (owner, id) -> null)));
    }

    @SuppressWarnings("unchecked")
    static List<Map<String, Object>> differences(Map<String, Object> report) {
        return (List<Map<String, Object>>) report.get("differences");
    }

    @SuppressWarnings("unchecked")
    static List<Long> causes(Map<String, Object> difference) {
        return ((List<Map<String, Object>>) difference.get("followsFrom"))
                .stream().map(c -> (Long) c.get("actor")).toList();
    }

    @Test
    void theSameEventsAreNoDifference() throws IOException {
        Map<Long, List<TraceEvent>> run = parent();
        run.put(10L, List.of(new Message(11), new Message(12)));
        Map<String, Object> report = diff(run, run);
        assertEquals(true, report.get("same"));
        assertEquals(0, differences(report).size());
        assertEquals(2, report.get("compared"));
    }

    @Test
    void aRaceBetweenTwoSendersThatAgreeIsARootAtItsFirstDifferingEvent() throws IOException {
        Map<Long, List<TraceEvent>> a = parent();
        Map<Long, List<TraceEvent>> b = parent();
        a.put(10L, List.of(new Message(1), new Message(11), new Message(12)));
        b.put(10L, List.of(new Message(1), new Message(12), new Message(11)));
        Map<String, Object> report = diff(a, b);
        assertEquals(false, report.get("same"));
        Map<String, Object> d = differences(report).get(0);
        assertEquals(1, differences(report).size());
        assertEquals(10L, d.get("actor"));
        assertEquals(1, d.get("agreeingEvents"));
        assertEquals(true, d.get("root"));
        assertEquals("another sender", d.get("why"));
        assertEquals("message from 11", inA(d));
        assertEquals("message from 12", inB(d));
        assertEquals("from here A has 2 events, B 2: the same events in another order", d.get("rest"));
    }

    @Test
    void aDifferenceInAMessageFromADifferingSenderFollowsFromItAndComesAfterIt() throws IOException {
        Map<Long, List<TraceEvent>> a = parent();
        Map<Long, List<TraceEvent>> b = parent();
        // 12 takes its parent's message before 99's in A, after it in B (neither sender differs): the root.
        a.put(12L, List.of(new Message(1), new Message(99)));
        b.put(12L, List.of(new Message(99), new Message(1)));
        // 12 then tells 11 in A only, so 11 sees 12 where B has nothing more.
        a.put(11L, List.of(new Message(1), new Message(12)));
        b.put(11L, List.of(new Message(1)));
        // 10 hears from 11 first in A only, from its parent in B.
        a.put(10L, List.of(new Message(11)));
        b.put(10L, List.of(new Message(1)));
        Map<String, Object> report = diff(a, b);
        List<Map<String, Object>> ds = differences(report);
        assertEquals(
                List.of(12L, 11L, 10L), ds.stream().map(d -> d.get("actor")).toList(), report::toString);
        assertEquals(
                List.of(true, false, false), ds.stream().map(d -> d.get("root")).toList());
        assertEquals(List.of(12L), causes(ds.get(1)));
        assertEquals(List.of(11L), causes(ds.get(2)));
        assertEquals(List.of(0, 1, 2), ds.stream().map(d -> d.get("depth")).toList());
        assertEquals(1L, report.get("roots"));
    }

    @Test
    void actorsThatMayCauseEachOtherAreRootsTogether() throws IOException {
        Map<Long, List<TraceEvent>> a = parent();
        Map<Long, List<TraceEvent>> b = parent();
        a.put(10L, List.of(new Message(11)));
        b.put(10L, List.of(new Message(1)));
        a.put(11L, List.of(new Message(10)));
        b.put(11L, List.of(new Message(1)));
        List<Map<String, Object>> ds = differences(diff(a, b));
        assertEquals(2, ds.size());
        for (Map<String, Object> d : ds) {
            assertEquals(true, d.get("root"));
            assertEquals(List.of(), causes(d));
            assertEquals(List.of((Long) d.get("actor") == 10L ? 11L : 10L), d.get("cycleWith"));
        }
    }

    @Test
    void anActorCreatedAfterItsCreatorsDifferenceFollowsFromIt() throws IOException {
        Map<Long, List<TraceEvent>> a = parent();
        Map<Long, List<TraceEvent>> b = parent();
        a.put(10L, List.of(new Message(11), new Message(12), new Creation(20)));
        b.put(10L, List.of(new Message(12), new Message(11), new Creation(20)));
        // 20 hears more from its grandparent in B: nothing links that to 10 but that 10 created it.
        a.put(20L, List.of(new Message(1)));
        b.put(20L, List.of(new Message(1), new Message(1)));
        List<Map<String, Object>> ds = differences(diff(a, b));
        assertEquals(List.of(10L, 20L), ds.stream().map(d -> d.get("actor")).toList());
        assertEquals(List.of(10L), causes(ds.get(1)));
        assertEquals("created by actor 10 as its 1st actor", ds.get(1).get("origin"));
        assertEquals("run A's events of the actor end here", ds.get(1).get("why"));
    }

    @Test
    void aDifferenceInsideATurnFollowsFromTheSenderOfItsMessage() throws IOException {
        Map<Long, List<TraceEvent>> a = parent();
        Map<Long, List<TraceEvent>> b = parent();
        a.put(11L, List.of(new Message(12), new Message(1)));
        b.put(11L, List.of(new Message(1), new Message(12)));
        // 10 gets the same message from 11 in both runs, but its turn creates a timer in A only: the
        // message's content (not in the trace) may have differed.
        a.put(10L, List.of(new Message(11), new Creation(30, CreationKind.TIMER)));
        b.put(10L, List.of(new Message(11)));
        List<Map<String, Object>> ds = differences(diff(a, b));
        assertEquals(List.of(11L, 10L), ds.stream().map(d -> d.get("actor")).toList());
        assertEquals(List.of(11L), causes(ds.get(1)));
    }

    @Test
    void aTurnThatSentAnotherNumberOfMessagesDiffersByItsFingerprintAndFollowsFromItsSender() throws IOException {
        Map<Long, List<TraceEvent>> a = parent();
        Map<Long, List<TraceEvent>> b = parent();
        a.put(11L, List.of(new Message(1), new Message(99)));
        b.put(11L, List.of(new Message(99), new Message(1)));
        a.put(10L, List.of(new Message(1), new Message(11)));
        b.put(10L, List.of(new Message(1), new Message(11)));
        byte same = Fingerprint.withSends(Fingerprint.ofClass(5), 1);
        Map<Long, byte[]> marksA = Map.of(10L, new byte[] {same, Fingerprint.withSends(Fingerprint.ofClass(9), 1)});
        Map<Long, byte[]> marksB = Map.of(10L, new byte[] {same, Fingerprint.withSends(Fingerprint.ofClass(9), 2)});
        DiffResult r = TraceDiff.compare(
                RecordedRun.of("A", a, marksA, (owner, id) -> null),
                RecordedRun.of("B", b, marksB, (owner, id) -> null));
        List<Map<String, Object>> ds = differences(DiffJson.of(r));
        assertEquals(List.of(11L, 10L), ds.stream().map(d -> d.get("actor")).toList());
        Map<String, Object> d = ds.get(1);
        assertEquals(1, d.get("agreeingEvents"));
        assertEquals("its turn sent another number of messages (1 modulo 7 in A, 2 modulo 7 in B)", d.get("why"));
        assertEquals(List.of(11L), causes(d), "the message's content may have differed: its sender differs");
    }

    @Test
    void anActorWithoutEventsInOneRunDiffersAtItsFirstEvent() throws IOException {
        Map<Long, List<TraceEvent>> a = parent();
        Map<Long, List<TraceEvent>> b = parent();
        b.put(10L, List.of(new Creation(40, CreationKind.PROMISE)));
        Map<String, Object> d = differences(diff(a, b)).get(0);
        assertEquals(10L, d.get("actor"));
        assertEquals(0, d.get("agreeingEvents"));
        assertEquals("run A's events of the actor end here", d.get("why"));
        assertEquals(null, d.get("inA"));
        assertEquals("created promise 40 (40 is not in A)", inB(d));
        assertEquals(true, d.get("root"));
    }

    @Test
    void actorsAreMatchedByWhereTheyWereCreatedNotById() throws IOException {
        Map<Long, List<TraceEvent>> a = new LinkedHashMap<>();
        Map<Long, List<TraceEvent>> b = new LinkedHashMap<>();
        // Parents 1 and 2 create one child each at the same time: the ids go either way.
        a.put(1L, List.of(new Creation(10)));
        a.put(2L, List.of(new Creation(11)));
        b.put(1L, List.of(new Creation(11)));
        b.put(2L, List.of(new Creation(10)));
        // 5 hears from 1's child first in both runs: no difference, whatever its id.
        a.put(5L, List.of(new Message(10), new Message(11)));
        b.put(5L, List.of(new Message(11), new Message(10)));
        a.put(10L, List.of(new TraceEvent.SystemMessageTurn(SystemMessageKind.TERMINATE, 0)));
        b.put(11L, List.of(new TraceEvent.SystemMessageTurn(SystemMessageKind.TERMINATE, 0)));
        Map<String, Object> report = diff(a, b);
        assertEquals(List.of(), differences(report), report::toString);
        assertEquals(false, report.get("same"), "other ids are a difference of the traces");
        assertEquals(List.of(List.of(10L, 11L), List.of(11L, 10L)), report.get("renamedIds"));
        assertEquals(
                "run A gave id 10 to the actor created by actor 1 as its 1st actor, run B to the actor created by "
                        + "actor 2 as its 1st actor",
                report.get("firstRenaming"));
    }

    @Test
    void systemCallsAreComparedByTheirRecordedBytes() throws IOException {
        Map<Long, List<TraceEvent>> events = parent();
        events.put(10L, List.of(new SystemCall(1), new SystemCall(2)));
        RecordedRun a = RecordedRun.of("A", events, Map.of(), (owner, id) -> new byte[] {(byte) id});
        RecordedRun b = RecordedRun.of("B", events, Map.of(), (owner, id) -> new byte[] {(byte) (id == 1 ? 1 : 7)});
        DiffResult r = TraceDiff.compare(a, b);
        Map<String, Object> d = differences(DiffJson.of(r)).get(0);
        assertEquals(1, d.get("agreeingEvents"));
        assertEquals("another recorded value", d.get("why"));
        assertEquals("system call, data 2  [1 bytes: 02]", inA(d));
        assertEquals("system call, data 2  [1 bytes: 07]", inB(d));

        StringWriter text = new StringWriter();
        DiffText.print(r, new PrintWriter(text, true), 10);
        assertTrue(
                text.toString().contains("1 actor differs (1 root cause, 0 following from them); 1 of 2 actors agree."),
                text::toString);
        assertTrue(
                text.toString()
                        .contains("1. actor 10, created by actor 1 as its 1st actor\n"
                                + "   its first event agrees; event 2 differs: another recorded value\n"),
                text::toString);
    }

    @Test
    void theLimitCutsTheTextButSaysHowManyMore() throws IOException {
        Map<Long, List<TraceEvent>> a = parent();
        Map<Long, List<TraceEvent>> b = parent();
        for (long actor = 10; actor <= 12; actor++) {
            a.put(actor, List.of(new Message(1)));
            b.put(actor, List.of());
        }
        DiffResult r = TraceDiff.compare(
                RecordedRun.of("A", a, Map.of(), (owner, id) -> null),
                RecordedRun.of("B", b, Map.of(), (owner, id) -> null));
        StringWriter text = new StringWriter();
        DiffText.print(r, new PrintWriter(text, true), 2);
        assertTrue(text.toString().contains("\n2. actor 11"), text::toString);
        assertFalse(text.toString().contains("\n3. "), text::toString);
        assertTrue(text.toString().contains("... 1 more differing actors (--limit 3 shows all"), text::toString);
    }

    @SuppressWarnings("unchecked")
    static String inA(Map<String, Object> d) {
        return (String) ((Map<String, Object>) d.get("inA")).get("event");
    }

    @SuppressWarnings("unchecked")
    static String inB(Map<String, Object> d) {
        return (String) ((Map<String, Object>) d.get("inB")).get("event");
    }
}
