package dev.reprise.agent.replay;

import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/** Readable names of ids met in a replay (actor paths, timers, outside sources), for reports. */
final class Names {
    private final Map<Long, String> names = new ConcurrentHashMap<>();

    void of(long id, String name) {
        names.put(id, name);
    }

    /** A stopped actor whose replay is complete: reports no longer need its name. */
    void forget(long id) {
        names.remove(id);
    }

    /** An actor met in this replay whose path is under /user. */
    boolean isApplicationActor(long id) {
        String n = names.get(id);
        return n != null && n.startsWith("/user/");
    }

    /** Whether {@code id} was met in this replay (and not forgotten). */
    boolean has(long id) {
        return names.containsKey(id);
    }

    String describe(long id) {
        String n = names.get(id);
        return n != null ? n + " (" + id + ")" : "id " + id;
    }
}
