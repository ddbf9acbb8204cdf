package dev.reprise.agent.context;

import dev.reprise.agent.Agent;
import dev.reprise.agent.actor.Tag;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Actors that an Akka extension makes lazily under {@code /system}, with a name of their own
 * (Akka Persistence's journal and snapshot store), on the first use of the extension: that use
 * comes in whichever actor's turn gets there first, which is chance. Such a creation is not the
 * turn's: it is made by a context named after the actor's path ("system actor
 * /system/akka.persistence.journal.inmem"), so it gets the same id in replay whoever triggers it.
 * The name is the identity: Akka refuses two live children of one name. The same holds when a
 * thread's own code gets there first: Akka Typed's start-up on {@code main} races the guardian's
 * first turn to make the Receptionist. Only the {@code /system} guardian's own turn keeps its
 * creations.
 */
public final class SystemActorCreations {
    /** The creating context per path: one per name, so a name made again numbers its creations on. */
    private final Map<String, OutsideContext> creators = new ConcurrentHashMap<>();

    /**
     * {@code parentPath}'s child {@code name} is being made on this thread: if it is a named
     * {@code /system} child made anywhere but in its parent's turn, its creator is entered now;
     * returns what to pass to {@link #exit}, or null if nothing was entered.
     */
    public static Object enter(String parentPath, String name, boolean inParentsTurn) {
        if (!"/system".equals(parentPath) || name == null || name.startsWith("$") || inParentsTurn) {
            return null;
        }
        AgentThread t = AgentThread.current();
        String path = parentPath + "/" + name;
        OutsideContext creator = Agent.mode.systemActors.creators.computeIfAbsent(
                path, p -> OutsideContext.root(OutsideContext.SYSTEM_ACTOR_ROOT + p, true));
        long id = creator.actor().id();
        return new Entered(t.enterCallback(Tag.promise(id, id, creator)));
    }

    /** The creation that {@link #enter} returned {@code entered} for is over. */
    public static void exit(Object entered) {
        if (entered instanceof Entered e) {
            AgentThread.current().exitCallback(e.previous);
        }
    }

    private record Entered(Tag previous) {}
}
