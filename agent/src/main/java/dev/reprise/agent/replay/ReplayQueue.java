package dev.reprise.agent.replay;

import akka.actor.ActorRef;
import akka.actor.ActorSystem;
import akka.actor.InternalActorRef;
import akka.dispatch.BoundedControlAwareMessageQueueSemantics;
import akka.dispatch.BoundedDequeBasedMessageQueueSemantics;
import akka.dispatch.Envelope;
import akka.dispatch.MessageQueue;
import akka.dispatch.UnboundedControlAwareMessageQueueSemantics;
import akka.dispatch.UnboundedDequeBasedMessageQueueSemantics;
import akka.dispatch.sysmsg.SystemMessage;
import akka.event.LoggerMessageQueueSemantics;
import dev.reprise.replay.ActorScript;
import dev.reprise.replay.FirstDifference;
import dev.reprise.replay.HeldMessages;
import dev.reprise.replay.HeldSystemMessages;
import dev.reprise.replay.MessageKey;
import dev.reprise.replay.Replay;
import dev.reprise.replay.ReplayMailbox;
import dev.reprise.trace.ClassCodes;
import dev.reprise.trace.Fingerprint;
import dev.reprise.trace.SystemMessageKind;
import dev.reprise.trace.TraceEvent;
import java.util.ArrayDeque;
import java.util.List;
import java.util.Queue;
import scala.concurrent.duration.Duration;

/**
 * The replay mailbox of one actor. Arrived messages wait in a FIFO queue per key (kind, true
 * sender, resolver); {@link #dequeue} hands out only the message the actor's script expects next,
 * and {@link #hasMessages} says yes only when that message is there, so the dispatcher never spins.
 * Expected input from outside is injected from the trace, with its recorded sender; live input
 * from outside is held back (it is delivered only for messages whose content could not be
 * recorded). System messages that run application code (supervision, restarts, stops, death watch)
 * are handled at their recorded place too: one that arrives early is held, and handed back to the
 * actor when its turn comes. Once the actor's recorded events are used up it processes no more
 * messages (with the replay's live option, it goes on in arrival order).
 *
 * <p>It implements every queue semantics Akka's actors may require (deque for Stash, bounded,
 * control-aware, the logger's), since in replay the order comes from the trace anyway. Outside
 * input's injection is {@link OutsideInputInjector}'s; the held system messages are
 * {@link EarlySystemMessages}; this class decides the order.
 */
public final class ReplayQueue
        implements ReplayMailbox,
                MessageQueue,
                UnboundedDequeBasedMessageQueueSemantics,
                BoundedDequeBasedMessageQueueSemantics,
                UnboundedControlAwareMessageQueueSemantics,
                BoundedControlAwareMessageQueueSemantics,
                LoggerMessageQueueSemantics {
    private final Replay replay;
    private final MailboxSupport support;
    private final ActorRef owner;
    private final ActorSystem system;
    /** {@link InputOrder#RECORDED} but for two of Akka's own actors. */
    private final InputOrder order;

    private final ArrivedMessages held = new ArrivedMessages();
    /** Outside input injected from the trace and live copies held back: made at the first outside input (under the lock). */
    private OutsideInputInjector inputs;
    /** System messages that reached the actor before their recorded turns. */
    private final EarlySystemMessages early = new EarlySystemMessages();

    /** The dead letters' queue, once the actor's mailbox was cleaned up (it stopped); null before. */
    private MessageQueue closedTo;

    private long arrivals;
    private long firsts;
    private static final int NOT_SCRIPTED = -1;
    /**
     * The recorded fingerprint of the message dequeued last, until its turn asks for it
     * ({@link #takeTurn}): only the thread that runs the mailbox touches it, without the lock.
     */
    private int turnFingerprint = NOT_SCRIPTED;

    /**
     * The key of the message that {@link #keyedEvent} expects: {@link #hasMessages} and {@link
     * #dequeue} ask for the same head, and a run of repeated messages shares one event, so the key
     * is made once for them all. Guarded by this mailbox's lock.
     */
    private MessageKey expectedKey;

    private TraceEvent keyedEvent;

    private volatile long actorId = -1;
    /**
     * The actor's script, found when the mailbox is made; kept after the actor retires: its script
     * then has no events left, as the replay's stand-in for a retired actor has none.
     */
    private final ActorScript script;
    /**
     * Where in the script (events consumed) a timer was last fired for the expected promise message:
     * the dispatcher asks again and again, the timer fires once.
     */
    private long timerFiredAt = -1;

    ReplayQueue(Replay replay, MailboxSupport support, ActorRef owner, ActorSystem system) {
        this.replay = replay;
        this.support = support;
        this.owner = owner;
        this.system = system;
        this.order = owner != null ? InputOrder.of(owner.path()) : InputOrder.RECORDED;
        synchronized (this) { // the watchdog sees it once attached, and its calls wait here for the script
            this.script = replay.attach(this);
        }
    }

    @Override
    public synchronized long actorId() {
        if (actorId == -1) {
            actorId = support.actorId(owner);
        }
        return actorId;
    }

    @Override
    public long knownActorId() {
        return actorId;
    }

    @Override
    public void enqueue(ActorRef receiver, Envelope envelope) {
        if (!add(support.keyOf(envelope), envelope, false)) {
            closedTo.enqueue(receiver, envelope);
        }
    }

    @Override
    public void enqueueFirst(ActorRef receiver, Envelope envelope) {
        // Stash.unstashAll puts stashed messages back in front; each is expected again.
        if (!add(support.keyOf(envelope), envelope, true)) {
            closedTo.enqueue(receiver, envelope);
        }
    }

    /**
     * Files a message that arrived; false when the actor's mailbox was cleaned up already (a
     * sender that looked up the mailbox just before the actor stopped): then it goes to dead
     * letters, as every message still here went when the actor stopped.
     */
    private synchronized boolean add(MessageKey key, Envelope envelope, boolean first) {
        if (closedTo != null) {
            return false;
        }
        if (key.kind() == MessageKey.EXTERNAL && !inputs().arrived(key, envelope)) {
            return true;
        }
        held.add(key, new ArrivedMessages.Held(first ? Long.MIN_VALUE + ++firsts : ++arrivals, envelope), first);
        return true;
    }

    /** This mailbox's outside input; call under the lock. */
    private OutsideInputInjector inputs() {
        OutsideInputInjector in = inputs;
        if (in == null) {
            inputs = in = new OutsideInputInjector(this, replay, support, system, held);
        }
        return in;
    }

    @Override
    public synchronized Envelope dequeue() {
        if (replay.stopping()) {
            return null; // diverged: nothing more runs, so the program prints nothing the recording did not
        }
        if (order == InputOrder.ARRIVAL) {
            return pollOldest();
        }
        ActorScript s = script;
        TraceEvent head = s.peek();
        if (head == null) {
            if (order == InputOrder.RECORDED_LETTERS) {
                return pollOldest(); // letters past the recorded ones come as they come
            }
            if (held.count() == 0 || replay.recordingCut()) {
                return null; // in a recording cut by a crash, the actor stops where its events end
            }
            replay.pastTheEnd(actorId()); // reports a gap or an incomplete trace
            // The recording ends here: the actor processes no more, unless the replay goes on live.
            return replay.liveAfterEnd() ? pollOldest() : null;
        }
        if (head instanceof TraceEvent.Gap g) {
            throw replay.damaged(
                    actorId(),
                    "the recording dropped " + g.droppedEvents()
                            + " events here (overflow policy drop): the replay cannot go past a gap");
        }
        MessageKey key = expectedKey(head);
        if (key == null) {
            return null; // the actor owes a creation or a system call first
        }
        Envelope e = key.kind() == MessageKey.EXTERNAL ? inputs().take(head, key) : poll(key);
        if (e == null) {
            if (key.kind() == MessageKey.PROMISE && order == InputOrder.RECORDED) {
                fireTimerFor(key);
            }
            return null;
        }
        TraceEvent taken = s.take();
        replay.turnBegins(actorId(), taken);
        byte recorded = s.takenFingerprint();
        if (order == InputOrder.RECORDED_LETTERS) {
            // Letters of one sender may come from several publishers in another order: no check of what they are.
            turnFingerprint = Fingerprint.NONE & 0xFF;
            return e;
        }
        turnFingerprint = recorded & 0xFF;
        int recordedClass = Fingerprint.classCodeOf(recorded);
        if (recordedClass != 0 && replay.checksFingerprints() && recordedClass != ClassCodes.of(e.message())) {
            throw replay.changed(
                    actorId(),
                    s.consumed() - 1,
                    FirstDifference.messageClass(replay.describe(taken), s.consumed(), recordedClass, e.message()));
        }
        return e;
    }

    /**
     * For the turn of the message {@link #dequeue()} returned last: its recorded {@link Fingerprint}
     * (0 to 255, for the check of the turn's sends), or -1 when the message was not taken from the
     * trace (an actor not replayed in order, or one going on live past its recorded events).
     */
    public int takeTurn() {
        int f = turnFingerprint; // no lock: only the thread that runs the mailbox, after its dequeue, reads and writes
        // it
        turnFingerprint = NOT_SCRIPTED;
        return f;
    }

    /**
     * The turn of the message {@link #dequeue()} returned last is over, having sent {@code sends}
     * messages: {@link Replay#turnOver}, without looking the actor's script up again.
     */
    public void turnOver(byte recorded, int sends) {
        replay.turnOver(script, recorded, sends);
    }

    /** The key of the message {@code head} expects (null if it is not a message); call under the lock. */
    private MessageKey expectedKey(TraceEvent head) {
        if (head != keyedEvent) {
            keyedEvent = head;
            expectedKey = MessageKey.of(head);
        }
        return expectedKey;
    }

    private Envelope poll(MessageKey key) {
        return held.poll(key);
    }

    private Envelope pollOldest() {
        return held.pollOldest();
    }

    @Override
    public synchronized boolean hasMessages() {
        if (replay.stopping()) {
            return false;
        }
        if (order == InputOrder.ARRIVAL) {
            return held.count() > 0;
        }
        TraceEvent head = script.peek();
        if (head == null) {
            if (order == InputOrder.RECORDED_LETTERS) {
                return held.count() > 0;
            }
            // Past the end: messages are delivered live on request; a gap or damage is reported by dequeue.
            return held.count() > 0
                    && !replay.recordingCut()
                    && (replay.liveAfterEnd() || script.missingSubtrace() >= 0 || replay.incompleteTrace() != null);
        }
        MessageKey key = expectedKey(head);
        if (key == null) {
            return head instanceof TraceEvent.Gap; // let dequeue report the gap
        }
        if (deliverable(head, key)) {
            return true;
        }
        if (key.kind() == MessageKey.PROMISE && order == InputOrder.RECORDED) {
            fireTimerFor(key);
        }
        return false;
    }

    /**
     * The expected promise message ({@code key}) is not here: if its resolver is a timer, it fires
     * now, once for this expectation (asked again while it runs, a periodic timer would fire its
     * next tick early); if it is not armed yet, the next call tries again.
     */
    private void fireTimerFor(MessageKey key) {
        long at = script.consumed();
        if (at != timerFiredAt && support.fireTimer(key.resolver())) {
            timerFiredAt = at;
        }
    }

    /**
     * Whether the message {@code head} expects can be delivered now: outside input with recorded
     * content is injected from the trace; anything else (input recorded by order only included:
     * its live copy) must be held here.
     */
    private boolean deliverable(TraceEvent head, MessageKey key) {
        boolean here = held.count(key) > 0;
        if (key.kind() == MessageKey.EXTERNAL) {
            return inputs().deliverable(head, here);
        }
        return here;
    }

    /**
     * A system message of {@code kind} reached the actor ({@code related}: the failed child or the
     * dead actor). True when it is the actor's next recorded event (consumed: the actor handles it
     * now), or past the end of a clean recording (Akka's own stops go on); false when it is held
     * until the actor's recorded events reach it ({@link #dueSystemMessages}).
     */
    public synchronized boolean admitSystemMessage(SystemMessageKind kind, long related, Object message) {
        if (order != InputOrder.RECORDED) {
            return true;
        }
        ActorScript s = script;
        TraceEvent head = s.peek();
        HeldSystemMessages.Held m = new HeldSystemMessages.Held(kind, related, message);
        if (head == null && !replay.recordingCut()) {
            return true;
        }
        if (m.matches(head)) {
            replay.turnBegins(actorId(), s.take());
            return true;
        }
        early.hold(m);
        return false;
    }

    /**
     * Held system messages whose turn has come (the actor's next recorded event, or all of them
     * past the end of a clean recording): taken off hold, for the caller to send to the actor again.
     */
    public List<Object> dueSystemMessages() {
        if (!early.any()) {
            return List.of(); // almost every turn: no lock taken
        }
        synchronized (this) {
            TraceEvent head = script.peek();
            return early.takeDue(head, head == null && !replay.recordingCut());
        }
    }

    /** For the watchdog: the script expects a message that has not arrived. */
    @Override
    public synchronized boolean waitingForExpectedMessage() {
        if (order != InputOrder.RECORDED) {
            return false;
        }
        TraceEvent head = script.peek();
        MessageKey key = head == null ? null : MessageKey.of(head);
        return key != null && !deliverable(head, key);
    }

    /**
     * For the end of a cut recording: the expected message can never come, because its sender (or
     * the resolver of a promise message) has used up its recorded events, or the content of the
     * expected outside input was lost with the end of the recording.
     */
    @Override
    public synchronized boolean waitsBeyondTheRecording() {
        if (order != InputOrder.RECORDED) {
            return false;
        }
        TraceEvent head = script.peek();
        MessageKey key = head == null ? null : MessageKey.of(head);
        if (key == null || deliverable(head, key)) {
            return false;
        }
        return switch (key.kind()) {
            case MessageKey.PLAIN -> replay.scriptEnded(key.sender());
            case MessageKey.PROMISE -> replay.scriptEnded(key.sender()) || replay.scriptEnded(key.resolver());
            default -> inputs().contentLost(head);
        };
    }

    /** What waits in this mailbox, grouped by kind, sender and message class, for reports. */
    @Override
    public synchronized HeldMessages held() {
        HeldMessages out = new HeldMessages();
        for (HeldSystemMessages.Held h : early.all()) {
            out.add(
                    "system message: " + h.kind().word()
                            + (h.related() != 0 ? " " + support.describe(h.related()) : ""),
                    null,
                    null);
        }
        held.forEach((k, h) -> {
            String what = switch (k.kind()) {
                case MessageKey.PLAIN -> "message";
                case MessageKey.PROMISE -> "sent when " + support.describe(k.resolver()) + " fired or completed";
                default -> "outside input";
            };
            out.add(what, support.describe(k.sender()), h.envelope().message());
        });
        return out;
    }

    @Override
    public synchronized int numberOfMessages() {
        return held.count();
    }

    @Override
    public void cleanUp(ActorRef owner, MessageQueue deadLetters) {
        synchronized (this) {
            closedTo = deadLetters; // from now on, what comes goes there too
        }
        replay.detach(this, script);
        replay.stopped(actorId);
        for (Envelope e; (e = pollOldestLocked()) != null; ) {
            deadLetters.enqueue(owner, e);
        }
        // Held system messages go where Akka sends a dead actor's: its mailbox is the dead letters' by now.
        for (Object m : takeHeldSystemMessages()) {
            ((InternalActorRef) owner).sendSystemMessage((SystemMessage) m);
        }
    }

    private synchronized List<Object> takeHeldSystemMessages() {
        return early.takeAll();
    }

    private synchronized Envelope pollOldestLocked() {
        return pollOldest();
    }

    @Override
    public Duration pushTimeOut() {
        return Duration.Zero();
    }

    // Control-aware semantics: in replay the trace decides the order, so there is no separate queue.
    @Override
    public Queue<Envelope> controlQueue() {
        return new ArrayDeque<>();
    }

    @Override
    public Queue<Envelope> queue() {
        return new ArrayDeque<>();
    }
}
