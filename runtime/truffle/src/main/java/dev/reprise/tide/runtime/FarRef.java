package dev.reprise.tide.runtime;

/**
 * A reference to an actor from anywhere: the only way to reach another actor's state is to send
 * it a message through one. Each actor has exactly one, so identity is actor identity.
 */
public final class FarRef {
    private final Actor actor;

    FarRef(Actor actor) {
        this.actor = actor;
    }

    /** The referenced actor. */
    public Actor actor() {
        return actor;
    }

    @Override
    public String toString() {
        return "<actor " + actor.name() + "#" + actor.id() + ">";
    }
}
