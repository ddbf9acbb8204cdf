package dev.reprise.agent.io;

import akka.io.ChannelRegistration;
import java.io.Serializable;
import scala.Function0;
import scala.runtime.BoxedUnit;

/**
 * What a connection's registration with Akka IO's selector is recorded as, and what it gets in
 * replay, where the selector does not watch its channel: what the selector then said comes from
 * the trace. Interest changes do nothing; cancelling closes the connection's channel, as the
 * recording's selector did before it said so, and does not call back: the selector's message that
 * followed comes from the trace.
 */
public final class StandInRegistration implements ChannelRegistration, Serializable {
    private static final long serialVersionUID = 1L;

    @Override
    public void enableInterest(int ops) {}

    @Override
    public void disableInterest(int ops) {}

    @Override
    public void cancelAndClose(Function0<BoxedUnit> andThen) {
        AkkaIo.cancelled();
    }
}
