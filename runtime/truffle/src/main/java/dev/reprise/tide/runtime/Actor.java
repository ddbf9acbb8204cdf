package dev.reprise.tide.runtime;

import com.oracle.truffle.api.CompilerDirectives.TruffleBoundary;
import dev.reprise.runtime.ActorRecord;
import dev.reprise.tide.language.TideError;
import java.util.Map;
import java.util.function.Function;

/**
 * An actor: a mailbox processed one message at a time in arrival order, and isolated state (the
 * frame of its body, reachable only from its own methods). The parent and child number are kept
 * for replay, which assigns ids through this family tree.
 */
public final class Actor {
    private final ActorSystem system;
    private final int id;
    private final String name;
    private final Actor parent;
    private final int childNumber;
    private final FarRef ref = new FarRef(this);
    /** The recorder's state for the actor when the run records, else null. */
    private final ActorRecord record;

    // Guarded by this: the mailbox and whether the actor is queued or running on a worker.
    private final Mailbox mailbox;
    private boolean scheduled;
    private int childrenCreated;

    // Written by the actor's first message (its body), read only by its own later messages.
    private Map<String, Closure> methods = Map.of();
    // Numbered in the actor's turns; read and updated by its own turns (and its replay mailbox).
    private final Registrations registrations;

    /**
     * An actor whose mailbox {@code mailboxOf} makes, once the rest of it is set (a replay's reads
     * its registrations); {@code traced}: whether the run records or replays, so its callbacks'
     * registrations are kept.
     */
    Actor(
            ActorSystem system,
            int id,
            String name,
            Actor parent,
            int childNumber,
            Function<Actor, Mailbox> mailboxOf,
            ActorRecord record,
            boolean traced) {
        this.system = system;
        this.id = id;
        this.name = name;
        this.parent = parent;
        this.childNumber = childNumber;
        this.record = record;
        this.registrations = traced ? new Registrations() : Registrations.UNTRACED;
        this.mailbox = mailboxOf.apply(this);
    }

    /** The system the actor runs in. */
    public ActorSystem system() {
        return system;
    }

    /** The actor's id, as in the trace: 1 for the main actor, then in creation order (in replay: the recorded ids). */
    public int id() {
        return id;
    }

    /** The name of the actor's declaration. */
    public String name() {
        return name;
    }

    /** The actor as errors and reports name it: {@code actor 2 (Log)}. */
    public String description() {
        return "actor " + id + " (" + name + ")";
    }

    /** The creating actor, or null for the main actor. */
    public Actor parent() {
        return parent;
    }

    /** Which child of its parent this actor is, counting from 0. */
    public int childNumber() {
        return childNumber;
    }

    /** The recorder's state for this actor, or null when the run does not record. */
    public ActorRecord record() {
        return record;
    }

    /** The far reference to this actor. */
    public FarRef ref() {
        return ref;
    }

    /** Installs the methods defined by the actor's body. */
    public void become(Map<String, Closure> bodyMethods) {
        this.methods = bodyMethods;
    }

    /** The method a message names, or an error if the actor does not define it. */
    @TruffleBoundary
    public Closure method(String selector) {
        Closure method = methods.get(selector);
        if (method == null) {
            throw new TideError("actor " + name + " has no method " + selector);
        }
        return method;
    }

    /** The actor's {@code whenResolved} registrations and which of their callbacks have run. */
    Registrations registrations() {
        return registrations;
    }

    /**
     * The registration whose callback is predicted to run next, of those whose promise {@code
     * resolver} resolved (see {@link Registrations}); -1 when none is outstanding.
     */
    public long predictedRegistration(long resolver) {
        return registrations.predict(resolver);
    }

    /**
     * {@code callback} runs now (it is no longer outstanding): returns its registration's offset
     * from the predicted one, as a recording traces it; one boundary call on the recording path.
     */
    @TruffleBoundary
    public long callbackRunsOffFromPrediction(CallbackMessage callback) {
        long offset = callback.registration() - registrations.predict(callback.traceResolver());
        registrations.ran(callback.registration(), callback.expectedResolver());
        return offset;
    }

    /** {@code callback} runs now: it is no longer outstanding. */
    public void callbackRuns(CallbackMessage callback) {
        registrations.ran(callback.registration(), callback.expectedResolver());
    }

    synchronized int nextChildNumber() {
        return childrenCreated++;
    }

    /** Adds a message; returns true if the actor must now be scheduled. */
    synchronized boolean enqueue(Message message) {
        mailbox.add(message);
        if (scheduled) {
            return false;
        }
        scheduled = true;
        return true;
    }

    /** The next message, or null after marking the actor idle when there is none. */
    synchronized Message dequeue() {
        Message next = mailbox.poll();
        if (next == null) {
            scheduled = false;
        }
        return next;
    }
}
