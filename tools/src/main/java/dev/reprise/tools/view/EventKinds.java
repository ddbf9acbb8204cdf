package dev.reprise.tools.view;

import dev.reprise.trace.CreationKind;
import dev.reprise.trace.TraceEvent;
import java.util.Map;

/** The kinds of event the page tells apart, draws and filters by: one name each, as the page's filter shows them. */
final class EventKinds {
    static final String MESSAGE = "message";
    /** A message sent because a promise was completed (an ask's reply, pipeTo, a future's callback). */
    static final String PROMISE = "promise";
    /** A message a timer sent (a promise message resolved by a timer). */
    static final String TIMER = "timer";

    static final String INPUT = "input";
    static final String CREATION = "creation";
    static final String SYSTEM = "system";
    static final String SYSTEM_CALL = "system call";
    static final String TURN_END = "turn end";
    static final String GAP = "gap";

    private EventKinds() {}

    /**
     * The kind of {@code e}; {@code created} tells timers from other resolvers (a resolver whose
     * creation is not known yet counts as a promise).
     */
    static String of(TraceEvent e, Map<Long, CreationKind> created) {
        return switch (e) {
            case TraceEvent.Message m -> MESSAGE;
            case TraceEvent.PromiseMessage m -> created.get(m.resolver()) == CreationKind.TIMER ? TIMER : PROMISE;
            case TraceEvent.ExternalMessage m -> INPUT;
            case TraceEvent.ExternalPromiseMessage m -> INPUT;
            case TraceEvent.Creation c -> CREATION;
            case TraceEvent.SystemMessageTurn t -> SYSTEM;
            case TraceEvent.SystemCall c -> SYSTEM_CALL;
            case TraceEvent.TurnSends t -> TURN_END;
            case TraceEvent.Gap g -> GAP;
        };
    }
}
