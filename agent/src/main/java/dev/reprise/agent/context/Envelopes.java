package dev.reprise.agent.context;

import akka.actor.ActorPath;
import akka.actor.ActorRef;
import akka.actor.ActorSystem;
import akka.actor.Cell;
import akka.actor.DeadLetter;
import akka.actor.DeadLetterActorRef;
import akka.actor.Terminated;
import akka.dispatch.Envelope;
import akka.event.Logging;
import dev.reprise.agent.Agent;
import dev.reprise.agent.actor.Actors;
import dev.reprise.agent.actor.AddedState;
import dev.reprise.agent.actor.AgentActor;
import dev.reprise.agent.actor.PathStart;
import dev.reprise.agent.actor.Tag;
import dev.reprise.agent.content.MessageContent;
import dev.reprise.agent.health.AgentLog;
import dev.reprise.agent.health.NotCovered;
import dev.reprise.runtime.Recorder;
import dev.reprise.runtime.SourceDataIds;

/** Tags each envelope, when the message is sent, with who really sent it; records outside input. */
public final class Envelopes {

    private Envelopes() {}

    /** An envelope was built on the sending thread: tag it with the thread's context. */
    public static void built(Object envelope) {
        try {
            Object message = ((Envelope) envelope).message();
            Tag tag;
            if (message instanceof Terminated terminated) {
                // Death watch: DeathWatch tells the watcher Terminated from the watcher itself; the dead actor is the
                // sender.
                AgentActor dead = Actors.ofRef(terminated.actor());
                tag = dead != null ? dead.sends : AgentThread.current().tagForSend();
            } else if (message instanceof DeadLetter letter) {
                tag = deadLetterTag(letter);
            } else {
                AgentThread t = AgentThread.current();
                tag = t.tagForSend();
                if (t.countsInTurn(tag) && !(message instanceof Logging.LogEvent)) {
                    t.turnSends++; // a turn's own sends are in its fingerprint; logging may change when debugging
                }
            }
            AddedState.setTag(envelope, tag);
        } catch (Throwable e) {
            AgentLog.internalError("tagging a message", e);
        }
    }

    /**
     * A dead letter is published by whoever finds the recipient dead: the sender, if it was dead
     * already, or the recipient as it stops with the message in its mailbox, a race. It is tagged
     * with the letter's own sender and recipient ({@link Tag#deadLetter}), so the listeners'
     * order holds either way.
     */
    private static Tag deadLetterTag(DeadLetter letter) {
        ActorRef sender = letter.sender();
        AgentActor from = sender == null || sender instanceof DeadLetterActorRef ? null : Actors.ofRef(sender);
        AgentActor to = Actors.ofRef(letter.recipient());
        if (from != null && to != null) {
            return Tag.deadLetter(from.id(), to.id());
        }
        AgentActor a = from != null ? from : to;
        return a != null ? a.sends : AgentThread.current().tagForSend();
    }

    /** Envelope.copy keeps the original's tag (the copy may be made on another thread). */
    public static void copied(Object original, Object copy) {
        try {
            AddedState.setTag(copy, AddedState.tagOf(original));
        } catch (Throwable e) {
            AgentLog.internalError("tagging a copied message", e);
        }
    }

    /**
     * A message is handed to a cell: outside input's content is recorded ({@link Mode#delivering}).
     * Every message passes here, almost all from actors: only outside input whose content is not
     * recorded yet goes on to the mode.
     */
    public static void delivering(Object cell, Object envelope) {
        try {
            Tag tag = AddedState.tagOf(envelope);
            if (tag != null && tag.kind == Tag.EXTERNAL && !tag.contentRecorded) {
                Agent.mode.delivering(cell, envelope, tag);
            }
        } catch (Throwable e) {
            AgentLog.internalError("recording outside input", e);
        }
    }

    /**
     * For input from outside whose content is not recorded yet ({@link #delivering} asked),
     * records it (copied by {@link MessageContent}). Messages from outside to Akka's own system
     * actors are recorded by order only.
     */
    public static void recordOutsideInput(Recorder recorder, Object cell, Object envelope, Tag tag) {
        tag.contentRecorded = true;
        Cell c = (Cell) cell;
        AgentActor to = AddedState.actorOf(cell);
        if (!(to != null
                ? to.inputContentRecorded
                : inputContentRecorded(c.self().path()))) {
            return;
        }
        ActorSystem system = c.system();
        Object message = ((Envelope) envelope).message();
        long sender = senderId(((Envelope) envelope).sender());
        tag.dataId = tag.source != null ? SourceDataIds.next(tag.source) : SourceDataIds.next(tag.sender);
        // Copied now, on the sending thread: a message changed after it was sent is recorded as it was sent.
        recorder.recordData(tag.sender, tag.dataId, content(system, message, sender));
    }

    /**
     * Whether the content of outside input to the actor at {@code path} is recorded: the
     * application's actors'; of Akka's own (log events and the like, delivered live in their
     * recorded order), only Akka IO's TCP and UDP actors', since what its selectors tell them is
     * network input that a replay without peers takes from the trace. (Its UDP managers are
     * {@code /system/IO-UDP-FF} and, for connected sockets, {@code /system/IO-UDP-CONN}.)
     */
    public static boolean inputContentRecorded(ActorPath path) {
        ActorPath manager = PathStart.at(path, 2); // one walk up: its guardian is the manager's parent
        ActorPath top = manager != null ? manager.parent() : PathStart.at(path, 1);
        if (top == null || !top.name().equals("system")) {
            return true;
        }
        if (manager == null || manager == path) {
            return false; // an actor directly under /system, or /system itself
        }
        String name = manager.name();
        return name.equals("IO-TCP") || name.equals("IO-UDP-FF") || name.equals("IO-UDP-CONN");
    }

    /**
     * The trace id of an outside message's envelope sender (an actor or an ask's temp actor, whose
     * creation replay repeats with the same id), so replay injects the input with that sender; 0
     * for no sender or dead letters. Peeks at the ref's id: a ref that never got one has no
     * recorded creation either, and replay could not find it.
     */
    private static long senderId(ActorRef sender) {
        if (sender == null || sender instanceof DeadLetterActorRef) {
            return 0;
        }
        AgentActor a = AddedState.actorOf(sender);
        return a != null ? a.id() : 0;
    }

    /**
     * Outside input's content, as it is when sent. A message that cannot be copied is recorded by
     * order only: the first of each class is warned about, and the metadata counts them ({@link NotCovered}).
     */
    private static byte[] content(ActorSystem system, Object message, long sender) {
        try {
            return MessageContent.encode(system, message, sender);
        } catch (Throwable e) {
            String type = message.getClass().getName();
            NotCovered.uncopiedMessage(type, e);
            return MessageContent.unrecorded(type);
        }
    }

    public static Tag tagOf(Object envelope) {
        return AddedState.tagOf(envelope);
    }
}
