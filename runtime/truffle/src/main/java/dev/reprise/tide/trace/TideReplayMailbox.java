package dev.reprise.tide.trace;

import dev.reprise.replay.ActorScript;
import dev.reprise.tide.runtime.Actor;
import dev.reprise.tide.runtime.CallbackMessage;
import dev.reprise.tide.runtime.Mailbox;
import dev.reprise.tide.runtime.Message;
import dev.reprise.trace.TraceEvent;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * A replayed actor's mailbox: gives out messages in the recorded order. A message that arrives
 * before its turn is held, under its sender (and resolver), until the actor's script expects it.
 * One sender's messages to one actor arrive in the order sent, so within a sender they are taken
 * in arrival order. Callbacks are not: one registered before its promise resolved is sent by the
 * resolver, one registered after by the actor itself, with the same sender and resolver in the
 * trace. So the callback taken is the one of the registration the recording ran: the predicted
 * one ({@code Registrations}), or the one the offset recorded before the event names. Called
 * under the actor's lock.
 */
final class TideReplayMailbox implements Mailbox {
    private record Key(long sender, long resolver) {}

    private final Replaying replay;
    private final Actor owner;
    private final long actor;
    private final ActorScript script;
    private final Map<Key, ArrayDeque<Message>> held = new LinkedHashMap<>();
    private int count;

    // The offset recorded before the next callback's event, taken from the script; 0 when none was.
    private long callbackOffset;

    TideReplayMailbox(Replaying replay, Actor owner, ActorScript script) {
        this.replay = replay;
        this.owner = owner;
        this.actor = owner.id();
        this.script = script;
    }

    @Override
    public synchronized void add(Message message) {
        held.computeIfAbsent(new Key(message.traceSender(), message.traceResolver()), k -> new ArrayDeque<>())
                .add(message);
        count++;
    }

    @Override
    public synchronized Message poll() {
        TraceEvent next = script.peek();
        if (next instanceof TraceEvent.SystemCall call) {
            // between turns, a system call can only be the offset of the callback that comes next
            byte[] value = replay.data(actor, call.dataId());
            if (SystemValues.isCallbackOffset(value)) {
                script.take();
                replay.progressed();
                callbackOffset = SystemValues.toCallbackOffset(value);
                next = script.peek();
            }
        }
        Key key = switch (next) {
            case null -> {
                // A recording that an error ended stopped processing messages there: those left wait for ever.
                if (count > 0 && !replay.endedByError()) {
                    throw replay.beyondOrDiverged(
                            actor,
                            null,
                            "it received " + heldLines().get(0) + " after its " + script.consumed()
                                    + " recorded events were used up (the trace is exhausted)");
                }
                yield null;
            }
            case TraceEvent.Message m -> new Key(m.sender(), -1);
            case TraceEvent.PromiseMessage m -> new Key(m.sender(), m.resolver());
            default ->
                throw replay.diverged(
                        actor,
                        "its turn ended where the trace expects " + replay.expected(actor, next) + " as its event "
                                + (script.consumed() + 1));
        };
        ArrayDeque<Message> from = key == null ? null : held.get(key);
        Message taken = from == null
                ? null
                : next instanceof TraceEvent.PromiseMessage m ? takeCallback(from, m.resolver()) : from.poll();
        if (taken == null) {
            return null;
        }
        script.take();
        replay.progressed();
        count--;
        return taken;
    }

    // The held callback of the registration the recording ran, or null while it has not come.
    private Message takeCallback(ArrayDeque<Message> from, long resolver) {
        long registration = owner.predictedRegistration(resolver) + callbackOffset;
        for (Iterator<Message> it = from.iterator(); it.hasNext(); ) {
            if (it.next() instanceof CallbackMessage callback && callback.registration() == registration) {
                it.remove();
                owner.callbackRuns(callback);
                callbackOffset = 0;
                return callback;
            }
        }
        return null;
    }

    /** True when the script expects a message and it has not come. */
    synchronized boolean waiting() {
        TraceEvent next = script.peek();
        return next != null && next.isMessage();
    }

    /** What is held, one line per sender: "2 messages from actor 4 (Sender)". */
    List<String> heldLines() {
        List<String> lines = new ArrayList<>();
        held.forEach((key, messages) -> {
            if (!messages.isEmpty()) {
                String from = key.resolver() < 0
                        ? "from " + replay.name(key.sender())
                        : "from " + replay.name(key.sender()) + ", sent when " + replay.name(key.resolver())
                                + " resolved its promise";
                lines.add(messages.size() + (messages.size() == 1 ? " message " : " messages ") + from);
            }
        });
        return lines;
    }

    ActorScript script() {
        return script;
    }
}
