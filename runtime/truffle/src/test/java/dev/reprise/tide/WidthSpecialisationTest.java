package dev.reprise.tide;

import static org.junit.jupiter.api.Assertions.assertEquals;

import com.oracle.truffle.api.dsl.Introspection;
import com.oracle.truffle.api.nodes.Node;
import dev.reprise.runtime.ActorRecord;
import dev.reprise.runtime.Recorder;
import dev.reprise.runtime.RecorderSettings;
import dev.reprise.runtime.ThreadRecorder;
import dev.reprise.tide.trace.IdWidthNode;
import dev.reprise.tide.trace.RecordMessageNode;
import dev.reprise.trace.EventBuffer;
import dev.reprise.trace.TraceEvent;
import dev.reprise.trace.TraceReader;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The tracing nodes' specialisations, read with the DSL's introspection: the id width starts at
 * one byte and widens one step at a time, each wider specialisation replacing the narrower, and
 * never narrows again; the message tracer holds one sender as a constant until a second comes.
 */
class WidthSpecialisationTest {
    @Test
    void idWidthWidensAtEachBoundaryAndNeverNarrows() {
        IdWidthNode width = IdWidthNode.create();
        assertEquals(List.of(), active(width));
        assertEquals(1, width.execute(255));
        assertEquals(List.of("oneByte"), active(width));
        assertEquals(2, width.execute(256));
        assertEquals(List.of("twoBytes"), active(width));
        assertEquals(2, width.execute(7), "after widening, small ids are written at the wider width");
        assertEquals(2, width.execute(65_535));
        assertEquals(3, width.execute(65_536));
        assertEquals(List.of("threeBytes"), active(width));
        assertEquals(EventBuffer.ANY_WIDTH, width.execute(1L << 24));
        assertEquals(List.of("anyWidth"), active(width));
        assertEquals(EventBuffer.ANY_WIDTH, width.execute(1));
    }

    @Test
    void messageTracerHoldsOneSenderThenGeneralises(@TempDir Path dir) throws IOException {
        Path trace = dir.resolve("trace");
        Recorder recorder = Recorder.startWithoutMBean(RecorderSettings.defaults(trace).withProgram("test"), Map.of());
        RecordMessageNode node = RecordMessageNode.create();
        ActorRecord actor = new ActorRecord(2);
        try {
            ThreadRecorder thread = recorder.forCurrentThread();
            node.execute(thread, actor, 5);
            node.execute(thread, actor, 5);
            assertEquals(List.of("sameSender"), active(node));
            node.execute(thread, actor, 300);
            node.execute(thread, actor, 5);
            assertEquals(List.of("anySender"), active(node));
            thread.idle();
        } finally {
            recorder.close();
        }
        List<TraceEvent> events = new ArrayList<>();
        try (TraceReader reader = TraceReader.open(trace)) {
            var source = reader.actor(2);
            for (TraceEvent e; (e = source.next()) != null; ) {
                events.add(e);
            }
        }
        assertEquals(List.of(new TraceEvent.Message(5), new TraceEvent.Message(5), new TraceEvent.Message(300),
                new TraceEvent.Message(5)), events, "what the trace holds");
    }

    private static List<String> active(Node node) {
        return Introspection.getSpecializations(node).stream()
                .filter(Introspection.SpecializationInfo::isActive)
                .map(Introspection.SpecializationInfo::getMethodName)
                .toList();
    }
}
