package dev.reprise.agent.replay;

import akka.actor.ActorPath;
import dev.reprise.agent.actor.PathStart;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Readable names of ids met in a replay (actor paths, timers, outside sources), for reports. An
 * actor's name is kept as its {@link ActorPath} and made a string only when a report asks: a
 * replay may make millions of actors and describe none.
 */
final class Names {
    private final Map<Long, Object> names = new ConcurrentHashMap<>();

    /** {@code name}: an {@link ActorPath}, or a string. */
    void of(long id, Object name) {
        names.put(id, name);
    }

    /** A stopped actor whose replay is complete: reports no longer need its name. */
    void forget(long id) {
        names.remove(id);
    }

    /** An actor met in this replay whose path is under /user. */
    boolean isApplicationActor(long id) {
        return names.get(id) instanceof ActorPath p && PathStart.under(p, "user");
    }

    /**
     * An actor met in this replay that runs the application's code: one under /user, or /user
     * itself, where a typed system runs its guardian behaviour (an older trace's rule for waiting).
     */
    boolean runsApplicationCode(long id) {
        if (!(names.get(id) instanceof ActorPath p)) {
            return false;
        }
        ActorPath guardian = PathStart.at(p, 1);
        return guardian != null && guardian.name().equals("user");
    }

    /** Whether {@code id} was met in this replay (and not forgotten). */
    boolean has(long id) {
        return names.containsKey(id);
    }

    String describe(long id) {
        Object n = names.get(id);
        if (n == null) {
            return "id " + id;
        }
        return (n instanceof ActorPath p ? p.toStringWithoutAddress() : n) + " (" + id + ")";
    }
}
