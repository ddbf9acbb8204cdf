package dev.reprise.tide.runtime;

import com.oracle.truffle.api.CompilerDirectives.TruffleBoundary;
import dev.reprise.tide.language.TideError;
import java.util.ArrayDeque;
import java.util.Map;

/**
 * An actor: a mailbox processed one message at a time in arrival order, and isolated state (the
 * frame of its body, reachable only from its own methods). The parent and child number are kept
 * because replay will reassign ids through this family tree.
 */
public final class Actor {
    private final ActorSystem system;
    private final int id;
    private final String name;
    private final Actor parent;
    private final int childNumber;
    private final FarRef ref = new FarRef(this);

    // Guarded by this: the mailbox and whether the actor is queued or running on a worker.
    private final ArrayDeque<Message> mailbox = new ArrayDeque<>();
    private boolean scheduled;
    private int childrenCreated;

    // Written by the actor's first message (its body), read only by its own later messages.
    private Map<String, Closure> methods = Map.of();

    Actor(ActorSystem system, int id, String name, Actor parent, int childNumber) {
        this.system = system;
        this.id = id;
        this.name = name;
        this.parent = parent;
        this.childNumber = childNumber;
    }

    /** The system the actor runs in. */
    public ActorSystem system() {
        return system;
    }

    /** The actor's id: 0 for the main actor, then in creation order. */
    public int id() {
        return id;
    }

    /** The name of the actor's declaration. */
    public String name() {
        return name;
    }

    /** The creating actor, or null for the main actor. */
    public Actor parent() {
        return parent;
    }

    /** Which child of its parent this actor is, counting from 0. */
    public int childNumber() {
        return childNumber;
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
