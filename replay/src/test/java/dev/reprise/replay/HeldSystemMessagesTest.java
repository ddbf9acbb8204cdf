package dev.reprise.replay;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.reprise.trace.SystemMessageKind;
import dev.reprise.trace.TraceEvent;
import java.util.List;
import org.junit.jupiter.api.Test;

class HeldSystemMessagesTest {
    @Test
    void theOldestMessageOfTheExpectedKindAndActorIsReleasedTheRestKeepTheirOrder() {
        HeldSystemMessages held = new HeldSystemMessages();
        held.add(new HeldSystemMessages.Held(SystemMessageKind.DEATH_WATCH, 5, "death of 5"));
        held.add(new HeldSystemMessages.Held(SystemMessageKind.FAILED, 5, "failure of 5"));
        held.add(new HeldSystemMessages.Held(SystemMessageKind.DEATH_WATCH, 6, "death of 6"));
        held.add(new HeldSystemMessages.Held(SystemMessageKind.DEATH_WATCH, 5, "death of 5 again"));

        assertNull(held.takeMatching(new TraceEvent.Message(5)), "a message is not a system message's turn");
        assertNull(
                held.takeMatching(new TraceEvent.SystemMessageTurn(SystemMessageKind.DEATH_WATCH, 7)),
                "nothing held about 7");
        assertEquals(
                "death of 6", held.takeMatching(new TraceEvent.SystemMessageTurn(SystemMessageKind.DEATH_WATCH, 6)));
        assertEquals(
                "death of 5", held.takeMatching(new TraceEvent.SystemMessageTurn(SystemMessageKind.DEATH_WATCH, 5)));
        assertEquals(
                List.of("failure of 5", "death of 5 again"),
                held.all().stream().map(HeldSystemMessages.Held::message).toList());
        assertEquals(List.of("failure of 5", "death of 5 again"), held.takeAll());
        assertTrue(held.isEmpty());
        assertNull(held.takeMatching(new TraceEvent.SystemMessageTurn(SystemMessageKind.DEATH_WATCH, 5)), "taken all");
    }

    @Test
    void thousandsHeldAreReleasedOneAtATimeInTheRecordedOrder() {
        HeldSystemMessages held = new HeldSystemMessages();
        int n = 50_000; // a parent watching 50,000 children: each release was a scan of all held
        for (long child = 1; child <= n; child++) {
            held.add(new HeldSystemMessages.Held(SystemMessageKind.DEATH_WATCH, child, child));
        }
        for (long child = n; child >= 1; child--) { // the recording saw them die in the other order
            assertEquals(
                    child, held.takeMatching(new TraceEvent.SystemMessageTurn(SystemMessageKind.DEATH_WATCH, child)));
        }
        assertTrue(held.isEmpty());
    }
}
