package dev.reprise.replay;

import akka.actor.ActorRef;
import akka.actor.ActorSystem;
import akka.dispatch.MailboxType;
import akka.dispatch.MessageQueue;
import scala.Option;

/** Gives every actor a {@link ReplayQueue}, whatever mailbox it was configured with. */
public final class ReplayMailboxType implements MailboxType {
    private final Replay replay;

    public ReplayMailboxType(Replay replay) {
        this.replay = replay;
    }

    @Override
    public MessageQueue create(Option<ActorRef> owner, Option<ActorSystem> system) {
        if (owner.isEmpty() || system.isEmpty()) {
            throw new IllegalStateException("a replay mailbox needs its actor and actor system");
        }
        return new ReplayQueue(replay, owner.get(), system.get());
    }
}
