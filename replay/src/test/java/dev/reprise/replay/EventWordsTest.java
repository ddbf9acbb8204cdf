package dev.reprise.replay;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.reprise.trace.CreationKind;
import dev.reprise.trace.SystemMessageKind;
import dev.reprise.trace.TraceEvent;
import java.util.function.LongFunction;
import org.junit.jupiter.api.Test;

class EventWordsTest {
    private static final LongFunction<String> NAMES = id -> id == 5 ? "/user/a (5)" : "timer (" + id + ")";

    @Test
    void callsEachCreationWhatItIs() {
        assertEquals("completion of a promise (id 12)", words(new TraceEvent.Creation(12, CreationKind.PROMISE)));
        assertEquals("creation of an actor (id 12)", words(new TraceEvent.Creation(12, CreationKind.ACTOR)));
        assertEquals("setting a timer (id 12)", words(new TraceEvent.Creation(12, CreationKind.TIMER)));
        assertEquals(
                "an ask (creation of its temp actor, id 12)",
                words(new TraceEvent.Creation(12, CreationKind.TEMP_ACTOR)));
    }

    @Test
    void namesSendersAndResolvers() {
        assertEquals("message from /user/a (5)", words(new TraceEvent.Message(5)));
        assertEquals(
                "message from /user/a (5), sent when timer (9) fired or completed its promise",
                words(new TraceEvent.PromiseMessage(5, 9)));
        assertEquals(
                "system message: the death of /user/a (5)",
                words(new TraceEvent.SystemMessageTurn(SystemMessageKind.DEATH_WATCH, 5)));
        assertEquals("nothing more (its recorded events are used up)", words(null));
    }

    private static String words(TraceEvent e) {
        return EventWords.describe(e, NAMES);
    }
}
