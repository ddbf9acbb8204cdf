package dev.reprise.replay;

import dev.reprise.trace.TraceEvent;
import java.util.function.LongFunction;

/**
 * A recorded event in the words of a report, with the ids it names turned into readable names
 * (actor paths, timers, outside sources): a promise completion is called one, not a creation.
 */
public final class EventWords {
    private EventWords() {}

    /** {@code e} as a report says it; null means the actor's recorded events are used up. */
    public static String describe(TraceEvent e, LongFunction<String> name) {
        if (e == null) {
            return "nothing more (its recorded events are used up)";
        }
        return switch (e) {
            case TraceEvent.Creation c ->
                switch (c.kind()) {
                    case ACTOR -> "creation of an actor (id " + id(c.child()) + ")";
                    case TEMP_ACTOR -> "an ask (creation of its temp actor, id " + id(c.child()) + ")";
                    case TIMER -> "setting a timer (id " + id(c.child()) + ")";
                    case PROMISE -> "completion of a promise (id " + id(c.child()) + ")";
                };
            case TraceEvent.Message m -> "message from " + name.apply(m.sender());
            case TraceEvent.PromiseMessage m ->
                "message from " + name.apply(m.sender()) + ", sent when " + name.apply(m.resolver())
                        + " fired or completed its promise";
            case TraceEvent.ExternalMessage m -> "outside input from " + name.apply(m.sender()) + content(m.dataId());
            case TraceEvent.ExternalPromiseMessage m ->
                "outside input from " + name.apply(m.sender()) + ", sent when " + name.apply(m.resolver())
                        + " completed its promise" + content(m.dataId());
            case TraceEvent.SystemCall sc ->
                "system call (clock, random or the like; its recorded result is data " + id(sc.dataId()) + ")";
            case TraceEvent.SystemMessageTurn t ->
                "system message: " + t.kind().word()
                        + switch (t.kind()) {
                            case FAILED, DEATH_WATCH -> " " + name.apply(t.related());
                            case RECREATE, RESUME ->
                                t.related() == 0 ? "" : " (after " + name.apply(t.related()) + " failed)";
                            default -> "";
                        };
            case TraceEvent.Gap g -> "a gap: " + g.droppedEvents() + " events were dropped while recording";
            case TraceEvent.TurnSends t ->
                "the end of its turn, having sent " + Integer.toUnsignedString(t.sends()) + " messages";
        };
    }

    private static String content(long dataId) {
        return dataId == 0 ? " (its content was not recorded)" : "";
    }

    private static String id(long id) {
        return Long.toString(id);
    }
}
