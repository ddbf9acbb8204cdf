package dev.reprise.agent;

import dev.reprise.runtime.ActorRecord;

/**
 * The agent's state for one actor (or pseudo-actor: an outside thread, a timer, an ask's temp
 * actor): its recorder state and the tag its messages carry.
 */
final class AgentActor {
    final ActorRecord record;
    final Tag sends;
    /** One of Akka's actors whose input races inside Akka ({@link dev.reprise.replay.UnorderedActors}): not recorded. */
    boolean unordered;
    /** The outside contexts (threads, tasks, callbacks) its turns started, counted ({@link OutsideContext}). */
    final OutsideContext.Starts starts = new OutsideContext.Starts();

    AgentActor(long id) {
        this.record = new ActorRecord(id);
        this.sends = Tag.plain(id);
    }

    long id() {
        return record.id();
    }
}
