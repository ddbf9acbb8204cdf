package dev.reprise.agent.replay;

import akka.actor.ActorRef;
import akka.actor.ActorSystem;
import akka.dispatch.Envelope;
import dev.reprise.agent.content.MessageContent;
import dev.reprise.agent.health.AgentLog;
import dev.reprise.replay.MessageKey;
import dev.reprise.replay.Replay;
import dev.reprise.trace.OutsideInputEntry;
import dev.reprise.trace.TraceEvent;
import java.util.HashMap;
import java.util.Map;

/**
 * One actor's outside input in replay: the input its script expects is injected from the trace
 * (its recorded content, with its recorded sender, a stand-in, or dead letters), and each live copy
 * is held back, dropped once paired with its injected one. Input whose content could not be
 * recorded is delivered live, in its order. Made by the {@link ReplayQueue} at the first outside
 * input, and guarded by its lock.
 */
final class OutsideInputInjector {
    private static final int LIVE_INPUT_KEPT = 10_000;

    /** The source and data entry of an expected outside input. */
    private record Input(long source, long dataId) {
        static Input of(TraceEvent head) {
            return head instanceof TraceEvent.ExternalMessage m
                    ? new Input(m.sender(), m.dataId())
                    : new Input(
                            ((TraceEvent.ExternalPromiseMessage) head).sender(),
                            ((TraceEvent.ExternalPromiseMessage) head).dataId());
        }
    }

    private final ReplayQueue mailbox;
    private final Replay replay;
    private final MailboxSupport support;
    private final ActorSystem system;
    /** The mailbox's arrived messages, where live copies wait. */
    private final ArrivedMessages held;
    /**
     * Injected inputs that the actor put back in its mailbox (a stash's unstash), by source and
     * data entry: the recording has the same input again there, which takes them, as they are.
     */
    private final Map<Input, Envelope> putBack = new HashMap<>();
    /** Per outside source: inputs injected from the trace whose live copy has not arrived yet (at least 1). */
    private final Map<Long, Integer> injectedAhead = new HashMap<>();
    /** The outside input the script expects next and its recorded content, read from the data file once. */
    private TraceEvent contentOf;

    private byte[] content;
    /** That input's message, made again from its content once every actor ref in it resolved. */
    private Object made;

    OutsideInputInjector(
            ReplayQueue mailbox, Replay replay, MailboxSupport support, ActorSystem system, ArrivedMessages held) {
        this.mailbox = mailbox;
        this.replay = replay;
        this.support = support;
        this.system = system;
        this.held = held;
    }

    /**
     * An outside input keyed {@code key} arrived: whether the mailbox files it. Not when it is
     * the live copy of an input already injected, nor past the number of live inputs kept per key,
     * nor an injected input put back (kept for its next turn apart from live copies, see {@link #putBack}).
     */
    boolean arrived(MessageKey key, Envelope envelope) {
        long injected = support.injectedData(envelope);
        if (injected != 0) {
            putBack.put(new Input(key.sender(), injected), envelope);
            return false;
        }
        replay.liveInputHeld(true);
        if (support.inputFromTrace()) {
            AgentLog.warnOnce(
                    "live input with input=trace",
                    "this replay takes outside input from the trace (--input-from-trace): input that comes in live "
                            + "while it replays (a client's request, say) is not delivered, and nothing answers it; the "
                            + "replay answers only what was recorded");
        }
        // The live copy of an input already injected from the trace: pair them up, in order.
        Integer ahead = injectedAhead.get(key.sender());
        if (ahead != null) { // only sources with copies to come stay: a thread's source comes and goes
            if (ahead == 1) {
                injectedAhead.remove(key.sender());
            } else {
                injectedAhead.put(key.sender(), ahead - 1);
            }
            return false;
        }
        return held.count(key) < LIVE_INPUT_KEPT;
    }

    /** The recorded outside input the script expects: injected from the trace, or the live one if not recorded. */
    Envelope take(TraceEvent head, MessageKey key) {
        Input in = Input.of(head);
        Envelope again = putBack.remove(in);
        if (again != null) {
            return again;
        }
        long source = in.source();
        long dataId = in.dataId();
        byte[] content = content(head);
        // In a cut recording the content may have been lost with its last data chunk: then the live copy, by order.
        if (dataId != 0 && content == null && !replay.recordingCut()) {
            throw replay.damaged(
                    mailbox.actorId(),
                    "the content of its outside input (data " + dataId + " of " + support.describe(source)
                            + ") is missing from the trace");
        }
        if (content == null || MessageContent.unrecordedClass(content) != null) {
            // Recorded by order only: deliver the live input from the same source, in its order.
            Envelope live = held.poll(key);
            if (live != null) {
                replay.liveInputHeld(false);
            }
            return live;
        }
        if (!deliverable(head, held.count(key) > 0)) {
            return null; // its live copy, or its recorded sender, is still to come
        }
        Object message = made;
        try {
            if (message == null) {
                message =
                        MessageContent.make(system, content, support::actorRef).message();
            }
        } catch (RuntimeException e) {
            throw replay.diverged(
                    mailbox.actorId(),
                    "its recorded outside input (data " + dataId + ") cannot be " + "deserialized: " + e);
        }
        // Its live copy is dropped: now if it is here, else when it arrives.
        Envelope live = held.poll(key);
        if (live == null) {
            injectedAhead.merge(source, 1, Integer::sum);
        }
        Envelope injected = Envelope.apply(message, senderOf(content, live), system);
        support.markInjected(injected, source, dataId);
        return injected;
    }

    /**
     * The recorded sender of injected input, as it lives in this replay (its creation was replayed
     * with its id); else the live copy's, sent by the same code; else a stand-in (input=trace);
     * else dead letters, as recorded for input without a sender (and by traces older than recorded senders).
     */
    private ActorRef senderOf(byte[] content, Envelope live) {
        long id = MessageContent.sender(content);
        if (id == 0 || id == OutsideInputEntry.SENDER_NOT_RECORDED) {
            return system.deadLetters();
        }
        ActorRef ref = support.actorRef(id);
        if (ref == null && live != null) {
            ref = live.sender();
        }
        if (ref == null) {
            ref = support.standIn(id, system);
        }
        return ref != null ? ref : system.deadLetters();
    }

    /**
     * Whether the outside input {@code head} expects can be delivered now ({@code here}: its live
     * copy has arrived): input with recorded content is injected from the trace once its sender
     * exists; input recorded by order only needs its live copy. So does input from the contexts a
     * replay starts again ({@code main}, what it started, what any actor's turn started, a stream
     * stage's among them): what the context did before sending the input (an actor system's
     * start-up before its guardian's first message, a future it waited for, a table it filled) is
     * done before the actor takes it, in replay as when recorded; injected earlier, the actor could
     * read state the context had not written yet. Input of Akka IO's selector, of a timer's task, of
     * a thread known by its name only, is not waited for.
     */
    boolean deliverable(TraceEvent head, boolean here) {
        if (here || putBack.containsKey(Input.of(head))) {
            return true;
        }
        return recordedContent(head)
                && !support.waitsForLiveCopy(Input.of(head).source())
                && senderExists(head)
                && refsExist(head);
    }

    /**
     * Whether the actors that recorded outside input refers to (a reply-to ref, an ask's temp
     * actor) exist in this replay, or there is no live copy to wait for: the program's thread makes
     * them before it sends the live copy, as for its sender.
     */
    private boolean refsExist(TraceEvent head) {
        if (made != null || !support.resendsLive(Input.of(head).source())) {
            return true;
        }
        try {
            MessageContent.Made m = MessageContent.make(system, content(head), support::actorRef);
            made = m.refsResolved() ? m.message() : null;
            return made != null;
        } catch (RuntimeException e) {
            return true; // take reports it
        }
    }

    /**
     * Whether recorded outside input can be injected before its live copy arrives: its recorded
     * sender exists in this replay, or there is none to wait for. The program's thread creates the
     * sender (an actor, an ask's temp actor) before it sends the live copy, so the copy's arrival
     * ends the wait; a source that sends nothing live in replay (the Reprise API) is not waited for.
     */
    private boolean senderExists(TraceEvent head) {
        Input in = Input.of(head);
        byte[] content = content(head);
        long sender = content == null ? 0 : MessageContent.sender(content); // missing: dequeue reports it
        return sender == 0
                || sender == OutsideInputEntry.SENDER_NOT_RECORDED
                || support.actorRef(sender) != null
                || !support.resendsLive(in.source());
    }

    /** Whether the outside input {@code head} has recorded content to inject (else its live copy is awaited). */
    private boolean recordedContent(TraceEvent head) {
        if (Input.of(head).dataId() == 0) {
            return false;
        }
        byte[] content = content(head);
        if (content == null) {
            return !replay
                    .recordingCut(); // missing: dequeue reports it, unless the recording was cut before it was written
            // (live copy)
        }
        return MessageContent.unrecordedClass(content) == null;
    }

    /** Whether the recorded content of outside input {@code head} was lost with the end of a cut recording. */
    boolean contentLost(TraceEvent head) {
        return Input.of(head).dataId() != 0 && content(head) == null;
    }

    /**
     * The recorded content of outside input {@code head} (null: none recorded, or lost), read from
     * the data file once however often the dispatcher asks whether it can be delivered.
     */
    private byte[] content(TraceEvent head) {
        if (contentOf != head) {
            Input in = Input.of(head);
            content = in.dataId() == 0 ? null : replay.read(in.source(), in.dataId());
            contentOf = head;
            made = null;
        }
        return content;
    }
}
