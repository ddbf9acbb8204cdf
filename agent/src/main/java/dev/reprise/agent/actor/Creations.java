package dev.reprise.agent.actor;

import akka.actor.ActorPath;
import dev.reprise.agent.Agent;
import dev.reprise.agent.context.AgentThread;
import dev.reprise.agent.context.SystemActorCreations;
import dev.reprise.agent.health.AgentLog;
import dev.reprise.trace.CreationKind;

/**
 * Actor, temp actor and timer creation: each gets the next id, recorded as a creation event of
 * its creator (the current actor, or the thread as an outside source). Names and uids that Akka
 * derives from randomness or global counters are derived from the id instead, so paths, hash codes
 * and hash-map orders come out the same in replay.
 */
public final class Creations {
    private Creations() {}

    /**
     * makeChild starts on the creator's thread: reserve the child's id and record the creation (a
     * named {@code /system} child made anywhere but in its parent's turn is made by a
     * creator named after it: {@link SystemActorCreations}).
     */
    public static Object beforeMakeChild(Object parentCell, Object props, String name) {
        try {
            AgentThread t = AgentThread.current();
            if (name != null && !name.startsWith("$")) {
                t.systemCreation = SystemActorCreations.enter(
                        topLevelPath(parentCell), name, t.current != null && t.current == Actors.ofCell(parentCell));
            }
            return reserve(CreationKind.ACTOR, props);
        } catch (dev.reprise.replay.ReplayDivergence d) {
            throw d;
        } catch (Throwable e) {
            AgentLog.internalError("recording an actor creation", e);
            return null;
        }
    }

    /** makeChild (or an ask) returned the new ref: make sure it carries the reserved id. */
    public static void afterMakeChild(Object ref, Object reserved) {
        try {
            AgentThread t = AgentThread.current();
            if (t.systemCreation != null) {
                SystemActorCreations.exit(t.systemCreation);
                t.systemCreation = null;
            }
            if (t.pendingChild == reserved) {
                t.pendingChild = null; // no cell took it (e.g. makeChild failed)
            }
            if (reserved != null && ref instanceof RepriseState && AddedState.actorOf(ref) == null) {
                AddedState.setActor(ref, (AgentActor) reserved);
            }
            if (AddedState.actorOf(ref) instanceof AgentActor a) {
                Agent.mode.refMade(a, (akka.actor.ActorRef) ref);
            }
        } catch (Throwable e) {
            AgentLog.internalError("recording an actor creation", e);
        }
    }

    /**
     * The name of a child being made: Akka's own, unless it is anonymous ("$a", from the parent's
     * counter) and made outside the parent's turn ({@code system.actorOf} from threads, tasks and
     * callbacks, which race for the guardian's counter): then one made from the child's id,
     * outside the counter's alphabet ("$_" and base 36) so the two never meet.
     */
    public static String childName(Object parentCell, String name, Object reserved) {
        try {
            if (name == null || !name.startsWith("$") || !(reserved instanceof AgentActor child)) {
                return name;
            }
            AgentThread t = AgentThread.current();
            if (t.current != null && t.current == Actors.ofCell(parentCell)) {
                return name;
            }
            return "$_" + Long.toUnsignedString(child.id(), 36);
        } catch (Throwable e) {
            AgentLog.internalError("naming an actor", e);
            return name;
        }
    }

    /** The path of a top-level actor's cell ("/system", "/user"), else null. */
    private static String topLevelPath(Object cell) {
        ActorPath p = ((akka.actor.ActorCell) cell).self().path();
        return p.parent() instanceof akka.actor.RootActorPath ? "/" + p.name() : null;
    }

    /** The class of the actor that {@code props} makes, or null if Akka cannot tell it (or there are none). */
    public static Class<?> actorClass(Object props) {
        try {
            return props instanceof akka.actor.Props p ? p.actorClass() : null;
        } catch (RuntimeException e) {
            return null;
        }
    }

    static AgentActor reserve(CreationKind kind, Object props) {
        AgentThread t = AgentThread.current();
        AgentActor child = new AgentActor(newId(t, kind, props));
        t.pendingChild = child;
        return child;
    }

    /** A new id for something {@code t}'s creator creates: the next id when recording, the recorded one in replay. */
    public static long newId(AgentThread t, CreationKind kind) {
        return newId(t, kind, null);
    }

    /** {@link #newId(AgentThread, CreationKind)} for an actor made from {@code props} (null: not an actor). */
    public static long newId(AgentThread t, CreationKind kind, Object props) {
        return Agent.mode.newId(t, kind, props);
    }

    /** The uid of the actor being created: derived from its id (never 0, which Akka reads as "no uid"). */
    public static int uid(int randomUid) {
        try {
            AgentActor child = AgentThread.current().pendingChild;
            return child == null ? randomUid : uidOf(child.id());
        } catch (Throwable e) {
            AgentLog.internalError("choosing an actor uid", e);
            return randomUid;
        }
    }

    /** The name of the temp actor with trace id {@code id}. */
    public static String tempName(String prefix, long id) {
        return (prefix == null ? "" : prefix) + "$r" + Long.toString(id, 36);
    }

    /** The id a temp actor's name was made from ({@link #tempName}), or -1 if it was not. */
    public static long tempId(String name) {
        int at = name.lastIndexOf("$r");
        if (at < 0 || at + 2 == name.length()) {
            return -1;
        }
        try {
            return Long.parseLong(name.substring(at + 2), 36);
        } catch (NumberFormatException e) {
            return -1;
        }
    }

    /** The uid of the actor with trace id {@code id}: a mix of the id (as before 64-bit ids below 2^32), never 0. */
    public static int uidOf(long id) {
        int h = (int) (id ^ id >>> 32) * 0x9E3779B1;
        h ^= h >>> 16;
        return h == 0 ? 1 : h;
    }

    /** An ask's temp actor is being made: reserve its id (its name is derived from it). */
    public static Object beforeAsk() {
        try {
            AgentActor temp = reserve(CreationKind.TEMP_ACTOR, null);
            AgentThread.current().asking = true;
            return temp;
        } catch (dev.reprise.replay.ReplayDivergence d) {
            throw d;
        } catch (Throwable e) {
            AgentLog.internalError("recording an ask", e);
            return null;
        }
    }

    /**
     * An actor makes a function ref ({@code addFunctionRef}, in its turn): a ref with no mailbox of
     * its own, as an ask's temp actor is, so it is created as one; its id (and uid) come from its
     * creator, not from the order in which some other actor first meets it.
     */
    public static Object beforeFunctionRef() {
        try {
            return reserve(CreationKind.TEMP_ACTOR, null);
        } catch (dev.reprise.replay.ReplayDivergence d) {
            throw d;
        } catch (Throwable e) {
            AgentLog.internalError("recording a function ref", e);
            return null;
        }
    }

    /** The ask made its temp actor {@code ref} (and set its timeout): as {@link #afterMakeChild}. */
    public static void afterAsk(Object ref, Object reserved) {
        try {
            AgentThread.current().asking = false;
        } catch (Throwable e) {
            AgentLog.internalError("recording an ask", e);
        }
        afterMakeChild(ref, reserved);
    }

    /** A temp actor computes its path (lazily, on whichever thread first needs it); returns what to restore. */
    public static Object namingTemp(Object promiseRef) {
        try {
            AgentThread t = AgentThread.current();
            AgentActor previous = t.namingTemp;
            t.namingTemp = Actors.ofRef(promiseRef);
            return previous;
        } catch (Throwable e) {
            AgentLog.internalError("naming a temp actor", e);
            return null;
        }
    }

    public static void namedTemp(Object previous) {
        try {
            AgentThread.current().namingTemp = (AgentActor) previous;
        } catch (Throwable e) {
            AgentLog.internalError("naming a temp actor", e);
        }
    }

    /** The temp path of the temp actor being named on this thread: from its id, not a global counter. */
    public static Object tempPath(Object original, String prefix) {
        try {
            AgentActor temp = AgentThread.current().namingTemp;
            if (temp == null || !(original instanceof ActorPath path)) {
                return original;
            }
            String name = tempName(prefix, temp.id());
            return path.parent().$div(name);
        } catch (Throwable e) {
            AgentLog.internalError("naming a temp actor", e);
            return original;
        }
    }
}
