package dev.reprise.agent.record;

import dev.reprise.agent.actor.AgentActor;
import dev.reprise.agent.context.AgentCopy;
import dev.reprise.agent.context.AgentThread;
import dev.reprise.agent.perturb.Perturbation;
import dev.reprise.agent.perturb.TurnDelays;
import dev.reprise.runtime.Recorder;
import java.util.concurrent.TimeUnit;
import scala.concurrent.duration.FiniteDuration;

/**
 * Recording with a perturbed schedule ({@link Perturbation}): before each recorded turn the
 * strategy may yield or wait, and it may put timers off. What is recorded is what happened, as in
 * any recording, so the trace replays like any other. A plain recording never loads this class.
 */
public final class PerturbedRecordMode extends RecordMode {
    private final TurnDelays delays;

    /** Recording to {@code recorder} as {@link RecordMode} does, perturbed by {@code perturbation}. */
    public PerturbedRecordMode(Recorder recorder, boolean fingerprints, AgentCopy copy, Perturbation perturbation) {
        super(recorder, fingerprints, copy);
        this.delays = perturbation.delays();
    }

    @Override
    public AgentThread messageTurn(AgentThread t, AgentActor actor, Object cell, Object envelope) {
        if (actor.recordsMessages) {
            delays.beforeTurn(actor.id());
        }
        return super.messageTurn(t, actor, cell, envelope);
    }

    @Override
    public Object systemMessageTurn(AgentThread t, AgentActor actor, Object cell, Object message) {
        if (actor.recordsSystemMessages) {
            delays.beforeTurn(actor.id());
        }
        return super.systemMessageTurn(t, actor, cell, message);
    }

    @Override
    public FiniteDuration timerDelay(FiniteDuration delay) {
        long nanos = delay.toNanos();
        long later = delays.timerDelayNanos(nanos);
        return later == nanos ? delay : FiniteDuration.apply(later, TimeUnit.NANOSECONDS);
    }
}
