package dev.reprise.agent.replay;

import akka.actor.ActorRef;
import akka.actor.ActorSystem;
import akka.dispatch.MailboxType;
import akka.dispatch.MessageQueue;
import dev.reprise.replay.Replay;
import scala.Option;

/** Gives every actor a {@link ReplayQueue}, whatever mailbox it was configured with. */
public final class ReplayMailboxType implements MailboxType {
    private final Replay replay;
    private final MailboxSupport support;

    ReplayMailboxType(Replay replay, MailboxSupport support) {
        this.replay = replay;
        this.support = support;
    }

    @Override
    public MessageQueue create(Option<ActorRef> owner, Option<ActorSystem> system) {
        if (owner.isEmpty() || system.isEmpty()) {
            throw new IllegalStateException("a replay mailbox needs its actor and actor system");
        }
        return new ReplayQueue(replay, support, owner.get(), system.get());
    }
}
