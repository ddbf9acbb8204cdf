package dev.reprise.replay;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;

import dev.reprise.trace.TraceEvent;
import java.io.UncheckedIOException;
import java.util.List;
import java.util.stream.LongStream;
import org.junit.jupiter.api.Test;

class ActorScriptTest {
    @Test
    void aTakeReadsTheNextEventSoThePeekAfterItNeedsNoRead() {
        CountedMessages events = new CountedMessages(3);
        ActorScript script = ActorScript.of(7, events);
        assertEquals(new TraceEvent.Message(1), script.take());
        assertEquals(2, events.read, "the take read the next event");
        assertEquals(new TraceEvent.Message(2), script.peek());
        assertEquals(new TraceEvent.Message(2), script.take());
        assertEquals(new TraceEvent.Message(3), script.take());
        assertEquals(null, script.take());
        assertEquals(true, script.finished());
        assertEquals(3, script.consumed());
    }

    @Test
    void theHistoryHoldsTheLastEightEventsTakenOldestFirst() {
        ActorScript script = ActorScript.of(7, new CountedMessages(20));
        for (int i = 0; i < 3; i++) {
            script.take();
        }
        assertEquals(messages(1, 3), script.history());
        for (int i = 0; i < 8; i++) {
            script.take();
        }
        assertEquals(messages(4, 11), script.history());
    }

    @Test
    void aFailureToReadTheEventAfterATakeIsTheNextPeeksToThrow() {
        ActorScript script = ActorScript.of(7, new CountedMessages(5, 2));
        script.take();
        assertEquals(
                new TraceEvent.Message(2), script.take(), "the take succeeds though the event after it cannot be read");
        UncheckedIOException first = assertThrows(UncheckedIOException.class, script::peek);
        assertEquals("chunk 3 is damaged", first.getCause().getMessage());
        assertSame(
                first, assertThrows(UncheckedIOException.class, script::take), "the same failure, not a skipped event");
        assertEquals(2, script.consumed());
    }

    private static List<TraceEvent> messages(long from, long to) {
        return LongStream.rangeClosed(from, to)
                .<TraceEvent>mapToObj(TraceEvent.Message::new)
                .toList();
    }
}
