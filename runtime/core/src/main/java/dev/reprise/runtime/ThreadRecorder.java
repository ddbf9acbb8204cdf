package dev.reprise.runtime;

import dev.reprise.trace.CreationKind;
import dev.reprise.trace.EventBuffer;
import dev.reprise.trace.Fingerprint;
import dev.reprise.trace.SystemMessageKind;

/**
 * One thread's recorder: appends the events of the actors that run on this thread to the thread's
 * own buffer. Only the owning thread calls the recording methods. The fast path of each is a few
 * field compares, one volatile read of the flush epoch and the append itself: no lock, no
 * allocation. Everything else (a full buffer, a flush, a different actor, overflow) is the slow
 * path.
 *
 * <p>A new subtrace starts when a different actor runs here, when a new buffer starts, and when
 * the same actor has had a subtrace on another thread since this thread's last one.
 */
public final class ThreadRecorder extends BufferOwnership {
    // Who may touch the buffer and the chunk sequence: BufferOwnership. When the writer takes a
    // buffer over before its owner hands it off: BufferTakeOver.
    final Recorder recorder;
    final Thread thread;
    final int threadId;
    /** Events this thread recorded (read racily for statistics). */
    long events;
    /** This thread's system-call results on their way to the writer. */
    final DataStage data;

    private ActorRecord open;
    private int openCounter;
    private ActorRecord current;
    /** The flush epoch this thread last saw; volatile so the writer can tell an idle thread. */
    private volatile int epoch;

    private boolean disabled;
    /** Where the fingerprint of the last message turn is, so {@link #turnSent} can complete it; null: nowhere. */
    private EventBuffer turnBuffer;

    private ActorRecord turnActor;
    private long turnMark;
    private boolean inSlowPath;
    private long pendingDrops;
    private int dropProbe;

    ThreadRecorder(Recorder recorder, Thread thread, int threadId) {
        this.recorder = recorder;
        this.thread = thread;
        this.threadId = threadId;
        this.epoch = recorder.epoch;
        this.data = recorder.newDataStage();
    }

    /** The recorder this thread records for. */
    public Recorder recorder() {
        return recorder;
    }

    /** The trace's id for this thread's chunks. */
    public int threadId() {
        return threadId;
    }

    /** The actor whose turn runs on this thread (set by the recording calls), or null. */
    public ActorRecord currentActor() {
        return current;
    }

    /**
     * Starts a turn of {@code actor} that does not process a message (e.g. its start, a
     * supervision decision): events and system calls until {@link #leave()} are the actor's.
     */
    public void enter(ActorRecord actor) {
        current = actor;
    }

    /** Marks the end of the current actor's turn: calls outside turns are not recorded. */
    public void leave() {
        current = null;
    }

    /** {@code actor} processed a message sent by {@code sender}. */
    public void message(ActorRecord actor, long sender) {
        message(actor, sender, Fingerprint.NONE);
    }

    /** {@link #message(ActorRecord, long)} with the message's {@link Fingerprint}. */
    public void message(ActorRecord actor, long sender, byte fingerprint) {
        EventBuffer b = buffer;
        if (appendable(b)) {
            if (continuesSubtrace(actor)) {
                b.message(sender, fingerprint);
            } else { // an actor switch: the subtrace start and the message in one append
                b.messageInNewSubtrace(actor.id(), nextSubtrace(actor), sender, fingerprint);
            }
            events++;
        } else if ((b = slow(actor)) != null) {
            b.message(sender, fingerprint);
            events++;
        }
        if (fingerprint != Fingerprint.NONE) {
            turnMarked(b, actor); // where turnSent completes it
        }
    }

    /** {@code actor} processed a message that {@code sender} sent when {@code resolver} completed a promise. */
    public void promiseMessage(ActorRecord actor, long sender, long resolver, byte fingerprint) {
        EventBuffer b = ready(actor);
        if (b != null) {
            b.promiseMessage(sender, resolver, fingerprint);
            events++;
        }
        if (fingerprint != Fingerprint.NONE) {
            turnMarked(b, actor); // where turnSent completes it
        }
    }

    /** {@code actor} created {@code child}, an actor or a temp actor, timer or promise numbered as one. */
    public void creation(ActorRecord actor, long child, CreationKind kind) {
        creation(actor, child, kind, Fingerprint.NONE);
    }

    /** {@link #creation(ActorRecord, long, CreationKind)} with the created actor's {@link Fingerprint}. */
    public void creation(ActorRecord actor, long child, CreationKind kind, byte fingerprint) {
        EventBuffer b = ready(actor);
        if (b != null) {
            b.creation(child, kind, fingerprint);
            events++;
        }
    }

    /** The fingerprinted message just recorded (or not: {@code b} null) is where {@link #turnSent} completes it. */
    private void turnMarked(EventBuffer b, ActorRecord actor) {
        turnBuffer = b;
        turnMark = b == null ? -1 : b.lastMark();
        turnActor = turnMark < 0 ? null : actor; // not recorded, or recorded without fingerprints
    }

    /**
     * The turn of the last message recorded on this thread has ended after sending {@code sends}
     * messages: completes the message's fingerprint ({@code fingerprint}, as it was recorded) if
     * its chunk is still this thread's, else records the count as an event of the actor.
     */
    public void turnSent(byte fingerprint, int sends) {
        EventBuffer b = turnBuffer;
        ActorRecord actor = turnActor;
        turnBuffer = null;
        turnActor = null;
        if (actor == null || fingerprint == Fingerprint.NONE) {
            return;
        }
        if (b == buffer
                && epoch == recorder.epoch
                && b.patchMark(turnMark, Fingerprint.withSends(fingerprint, sends))) {
            return;
        }
        EventBuffer now = ready(actor); // the turn outlived its chunk: rare, so an event of its own
        if (now != null) {
            now.turnSends(sends);
            events++;
        }
    }

    /**
     * {@code actor} handled a system message of {@code kind} (supervision, restart, stop, death
     * watch) at this point among its messages; {@code related} is the failed child or dead actor.
     */
    public void systemMessageTurn(ActorRecord actor, SystemMessageKind kind, long related) {
        EventBuffer b = ready(actor);
        if (b != null) {
            b.systemMessageTurn(kind, related);
            events++;
        }
    }

    /**
     * {@code actor} processed input from external source {@code source}, whose content is that
     * source's data entry {@code dataId} (0: content not recorded).
     */
    public void externalMessage(ActorRecord actor, long source, int eventType, long dataId, byte fingerprint) {
        EventBuffer b = ready(actor);
        if (b != null) {
            b.externalMessage(source, eventType, dataId, fingerprint);
            events++;
        }
        if (fingerprint != Fingerprint.NONE) {
            turnMarked(b, actor); // where turnSent completes it
        }
    }

    /** Like {@link #externalMessage} for a promise completed from outside. */
    public void externalPromiseMessage(
            ActorRecord actor, long source, long resolver, int eventType, long dataId, byte fingerprint) {
        EventBuffer b = ready(actor);
        if (b != null) {
            b.externalPromiseMessage(source, resolver, eventType, dataId, fingerprint);
            events++;
        }
        if (fingerprint != Fingerprint.NONE) {
            turnMarked(b, actor); // where turnSent completes it
        }
    }

    /**
     * {@code actor} made a nondeterministic call with result {@code value}, which the recorder
     * now owns (it is written by the writer thread without a copy).
     */
    public void systemCall(ActorRecord actor, byte[] value) {
        long dataId = actor.takeDataId();
        EventBuffer b = ready(actor);
        if (b != null) {
            b.systemCall(dataId);
            events++;
            systemCallValue(actor, dataId, value);
        }
    }

    /**
     * The value of {@code actor}'s system call {@code dataId}, which {@link #trySystemCall} appended
     * on this thread; the recorder owns {@code value} from now on. It goes to this thread's own
     * {@link DataStage}: no lock, no shared write per call.
     */
    public void systemCallValue(ActorRecord actor, long dataId, byte[] value) {
        recorder.stageData(data, actor.id(), dataId, value);
    }

    /**
     * The fast path of {@link #systemCall(ActorRecord, byte[])} for a caller that proved the width
     * of {@code actor}'s {@link ActorRecord#nextDataId()} and asked whether the actor switched
     * ({@code switching} = {@code !}{@link #continuesSubtrace}): appends the event and returns its data
     * id, whose value the caller then hands to {@link #systemCallValue} (out of its compiled
     * code); -1 when the slow path is needed (then call {@link #systemCall(ActorRecord, byte[])}).
     */
    public long trySystemCall(ActorRecord actor, boolean switching, int width) {
        EventBuffer b = readyWithoutSlowPath(actor, switching);
        if (b == null) {
            return -1;
        }
        long dataId = actor.takeDataId();
        b.systemCallOfWidth(dataId, width);
        events++;
        return dataId;
    }

    /** {@link #systemCall(ActorRecord, byte[])} for a long (8 bytes, little-endian). */
    public void systemCall(ActorRecord actor, long value) {
        systemCall(actor, dev.reprise.api.Codec.Builtin.longBytes(value));
    }

    /**
     * The thread is about to wait or park (no actor runs on it): hands its buffer to the writer,
     * so a crash cannot lose what it recorded, and frees it for other threads.
     */
    public void idle() {
        if (inSlowPath || buffer == null) {
            return;
        }
        inSlowPath = true;
        try {
            handOff();
        } catch (RuntimeException | Error e) {
            fail(e);
        } finally {
            inSlowPath = false;
        }
    }

    private EventBuffer ready(ActorRecord actor) {
        EventBuffer b = readyWithoutSlowPath(actor, !continuesSubtrace(actor));
        return b != null ? b : slow(actor);
    }

    /**
     * Whether {@code actor}'s next event on this thread goes on in the thread's open subtrace;
     * false: an actor switch, so a subtrace start comes first. A caller that asks this just before
     * a {@code tryX} call passes the answer on as {@code !switching} (a self-specialising node
     * that has seen only one of the answers makes it a constant in its compiled code).
     */
    public boolean continuesSubtrace(ActorRecord actor) {
        return open == actor && openCounter == actor.lastSubtrace;
    }

    /**
     * The buffer to append {@code actor}'s next event to when that needs no slow path, else null;
     * {@code switching} is {@code !continuesSubtrace(actor)}, just asked.
     */
    private EventBuffer readyWithoutSlowPath(ActorRecord actor, boolean switching) {
        EventBuffer b = buffer;
        if (!appendable(b)) {
            return null;
        }
        if (switching) {
            startSubtrace(b, actor); // the room for one event also covers this start
        }
        return b;
    }

    /** Whether {@code b}, this thread's buffer, takes the next event (and a subtrace start before it) without the slow path. */
    private boolean appendable(EventBuffer b) {
        if (b == null || epoch != recorder.epoch || !b.hasRoom()) {
            return false;
        }
        if (Preemption.ON) {
            Preemption.now(); // between the epoch check and the append
        }
        return true;
    }

    // Specialised appends, for a caller that proved an id's width once and asked whether the actor
    // switched (a self-specialising Truffle node: its compiler folds the width, and the switch when
    // the node has seen one answer only). Each tryX is the fast path only, so a compiler that
    // inlines it does not inline the slow path; when it returns false, call the plain X (out of the
    // caller's compilation unit), which takes the slow path and finds the width and switch itself.
    // Each takes switching = !continuesSubtrace(actor), asked just before on this thread.

    /** {@link #message(ActorRecord, long)} with the sender's {@link EventBuffer#idWidth}; false: call {@link #message(ActorRecord, long)}. */
    public boolean tryMessage(ActorRecord actor, boolean switching, long sender, int width) {
        EventBuffer b = buffer;
        if (!appendable(b)) {
            return false;
        }
        if (switching) { // the subtrace start and the message in one append
            b.messageOfWidthInNewSubtrace(actor.id(), nextSubtrace(actor), sender, width);
        } else {
            b.messageOfWidth(sender, width);
        }
        events++;
        return true;
    }

    /** A promise message with both ids' {@link EventBuffer#idWidth}s; false: call {@link #promiseMessage(ActorRecord, long, long, byte)}. */
    public boolean tryPromiseMessage(
            ActorRecord actor, boolean switching, long sender, int senderWidth, long resolver, int resolverWidth) {
        EventBuffer b = readyWithoutSlowPath(actor, switching);
        if (b == null) {
            return false;
        }
        b.promiseMessageOfWidths(sender, senderWidth, resolver, resolverWidth);
        events++;
        return true;
    }

    /** {@link #creation(ActorRecord, long, CreationKind)} with the child's {@link EventBuffer#idWidth}; false: call {@link #creation(ActorRecord, long, CreationKind)}. */
    public boolean tryCreation(ActorRecord actor, boolean switching, long child, CreationKind kind, int width) {
        EventBuffer b = readyWithoutSlowPath(actor, switching);
        if (b == null) {
            return false;
        }
        b.creationOfWidth(child, kind, width);
        events++;
        return true;
    }

    private void startSubtrace(EventBuffer b, ActorRecord actor) {
        b.subtraceStart(actor.id(), nextSubtrace(actor));
    }

    /** Numbers {@code actor}'s next subtrace, which is this thread's open one from now on. */
    private int nextSubtrace(ActorRecord actor) {
        int c = ++actor.lastSubtrace;
        open = actor;
        openCounter = c;
        return c;
    }

    private EventBuffer slow(ActorRecord actor) {
        if (disabled || inSlowPath) {
            return null;
        }
        if (recorder.degraded()) {
            disabled = true;
            return null;
        }
        inSlowPath = true;
        try {
            if (Preemption.ON) {
                Preemption.step();
            }
            int e = recorder.epoch;
            if (e != epoch) {
                epoch = e;
                if (recorder.closing) {
                    disabled = true;
                    if (buffer != null) {
                        handOff();
                    }
                    if (recorder.exiting) {
                        recorder.awaitClosedAtExit();
                    }
                    return null;
                }
                if (buffer != null) {
                    handOff(); // also learns whether the writer took the buffer over meanwhile
                }
            }
            if (buffer != null && !buffer.hasRoom()) {
                handOff();
            }
            if (buffer == null && !takeBuffer()) {
                drop(actor);
                return null;
            }
            EventBuffer b = buffer;
            if (b.isEmpty() || !continuesSubtrace(actor)) {
                startSubtrace(b, actor);
            }
            if (pendingDrops > 0) {
                b.gap(pendingDrops);
                recorder.gapWritten(pendingDrops);
                pendingDrops = 0;
            }
            return b;
        } catch (RuntimeException | Error t) {
            fail(t);
            return null;
        } finally {
            inSlowPath = false;
        }
    }

    /** Gets an empty buffer; false when there is none (drop policy only). */
    private boolean takeBuffer() {
        if (pendingDrops > 0 && (++dropProbe & 63) != 0) {
            return false; // while dropping, look for a free buffer only now and then
        }
        EventBuffer b = recorder.pool.poll();
        if (b == null) {
            if (recorder.settings.overflow() == OverflowPolicy.DROP) {
                return false;
            }
            long t0 = System.nanoTime();
            try {
                b = recorder.pool.take(recorder);
            } catch (InterruptedException ie) {
                Thread.currentThread().interrupt();
                return false;
            } finally {
                recorder.blocked(System.nanoTime() - t0);
            }
            if (b == null) {
                return false; // the recording closed while waiting
            }
        }
        if (!acquire(b)) {
            recorder.pool.release(b); // taken over at close: record nothing more
            disabled = true;
            return false;
        }
        return true;
    }

    /** Counts a dropped event; a dropped subtrace leaves a hole in the actor's counters, which replay sees. */
    private void drop(ActorRecord actor) {
        if (!continuesSubtrace(actor)) {
            nextSubtrace(actor);
        }
        pendingDrops++;
        recorder.dropped(1);
    }

    /** Hands the buffer to the writer (or back to the pool when empty). */
    void handOff() {
        open = null;
        EventBuffer b = release(recorder.closing);
        if (b == null) {
            disabled |= recorder.closing; // taken over at close: record nothing more
        } else if (b.isEmpty()) {
            recorder.pool.release(b);
        } else {
            recorder.submit(threadId, sequence++, b);
        }
    }

    /** The flush epoch this thread last saw, with a volatile read (for the writer, which takes over idle threads' buffers). */
    int lvEpochSeen() {
        return epoch;
    }

    private void fail(Throwable t) {
        disabled = true;
        recorder.internalError("thread " + thread.getName(), t);
    }
}
