package dev.reprise.savina;

import akka.actor.AbstractActor;
import akka.actor.OneForOneStrategy;
import akka.actor.SupervisorStrategy;
import akka.japi.pf.DeciderBuilder;
import dev.reprise.savina.peer.Peers;
import scala.PartialFunction;
import scala.runtime.BoxedUnit;

/**
 * Base class of every non-root benchmark actor: a failing child is never restarted (a restart
 * would silently lose state and hang the iteration) but escalated, up to the {@link RootActor},
 * which fails the iteration.
 */
public abstract class BenchActor extends AbstractActor {
    private static final SupervisorStrategy ESCALATE = new OneForOneStrategy(
            false, DeciderBuilder.matchAny(t -> SupervisorStrategy.escalate()).build());

    @Override
    public SupervisorStrategy supervisorStrategy() {
        return ESCALATE;
    }

    /** Every processed message goes past the peer recorder, if one was chosen (see {@link Peers}). */
    @Override
    public void aroundReceive(PartialFunction<Object, BoxedUnit> receive, Object message) {
        if (Peers.ACTIVE) {
            Peers.received(this, message);
        }
        super.aroundReceive(receive, message);
    }
}
