package dev.reprise.tide;

import static dev.reprise.tide.TracingNodeHarness.active;
import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.reprise.runtime.ActorRecord;
import dev.reprise.tide.trace.IdWidthNode;
import dev.reprise.tide.trace.RecordMessageNode;
import dev.reprise.trace.EventBuffer;
import dev.reprise.trace.TraceEvent;
import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
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
        RecordMessageNode node = RecordMessageNode.create();
        ActorRecord actor = new ActorRecord(2);
        TracingNodeHarness.record(trace, thread -> {
            node.execute(thread, actor, 5);
            node.execute(thread, actor, 5);
            assertEquals(List.of("sameSender"), active(node));
            node.execute(thread, actor, 300);
            node.execute(thread, actor, 5);
            assertEquals(List.of("anySender"), active(node));
        });
        assertEquals(
                List.of(
                        new TraceEvent.Message(5),
                        new TraceEvent.Message(5),
                        new TraceEvent.Message(300),
                        new TraceEvent.Message(5)),
                TracingNodeHarness.events(trace, 2),
                "what the trace holds");
    }
}
