package dev.reprise.agent.actor;

import akka.actor.ActorPath;

/**
 * The start of an actor's path ({@code /system/IO-TCP/...}), read by walking up its parents: the
 * checks made for every actor built never render the path as a string.
 */
public final class PathStart {
    private PathStart() {}

    /**
     * The ancestor of {@code path} (or the path itself) {@code depth} levels below the root: 1 is
     * the guardian it is under ({@code /user}, {@code /system}); null when the path is shorter.
     */
    public static ActorPath at(ActorPath path, int depth) {
        int d = 0;
        for (ActorPath p = path; p.parent() != p; p = p.parent()) {
            d++;
        }
        if (d < depth) {
            return null;
        }
        ActorPath p = path;
        for (; d > depth; d--) {
            p = p.parent();
        }
        return p;
    }

    /** Whether {@code path} is strictly under the guardian named {@code guardian} (such as "user"). */
    public static boolean under(ActorPath path, String guardian) {
        ActorPath top = at(path, 1);
        return top != null && top != path && top.name().equals(guardian);
    }
}
