package dev.reprise.agent.context;

import akka.dispatch.sysmsg.DeathWatchNotification;
import akka.dispatch.sysmsg.Failed;
import akka.dispatch.sysmsg.Recreate;
import akka.dispatch.sysmsg.Resume;
import akka.dispatch.sysmsg.Suspend;
import akka.dispatch.sysmsg.Terminate;
import akka.dispatch.sysmsg.Unwatch;
import dev.reprise.agent.Agent;
import dev.reprise.agent.actor.ActorIds;
import dev.reprise.agent.actor.Actors;
import dev.reprise.agent.actor.AgentActor;
import dev.reprise.runtime.ThreadRecorder;
import dev.reprise.trace.SystemMessageKind;

/**
 * System-message turns: a supervisor deciding on a child's failure, a restart, a suspension or
 * resumption, a stop, a death notification, a watcher that stops watching (whether it hears of the
 * actor's death depends on whether its unwatch came before the stop). Each runs application code
 * or changes what happens next, at a point among the actor's ordinary messages that depends on
 * timing. Recording keeps that point in the actor's events; replay holds a system message that
 * arrives early and sends it to the actor again when its recorded events reach it. Akka's other
 * bookkeeping messages (create, supervise, watch) pass as they come.
 */
public final class SystemMessageTurns {
    /** What the advice on {@code systemInvoke} gets for a held system message: the call is skipped. */
    public static final class Held {
        private Held() {}
    }

    public static final Held HELD = new Held();

    private SystemMessageTurns() {}

    /** The kind of turn {@code message} makes, or null for Akka's bookkeeping messages. */
    public static SystemMessageKind kindOf(Object message) {
        return switch (message) {
            case Failed f -> SystemMessageKind.FAILED;
            case Recreate r -> SystemMessageKind.RECREATE;
            case Suspend s -> SystemMessageKind.SUSPEND;
            case Resume r -> SystemMessageKind.RESUME;
            case Terminate t -> SystemMessageKind.TERMINATE;
            case DeathWatchNotification d -> SystemMessageKind.DEATH_WATCH;
            case Unwatch u -> SystemMessageKind.UNWATCH;
            default -> null;
        };
    }

    /**
     * The actor the message is about: the failed child, the dead actor, or for a restart or
     * resumption the child whose failure caused it; 0 for the other kinds.
     */
    public static long relatedOf(Object message) {
        AgentActor a = switch (message) {
            case Failed f -> Actors.ofRef(f.child());
            case DeathWatchNotification d -> Actors.ofRef(d.actor());
            case Unwatch u -> Actors.ofRef(u.watcher());
            default -> null;
        };
        if (a != null) {
            if (message instanceof Failed f && f.cause() != null) {
                Agent.mode.failedChildren.failed(
                        f.cause(), a.id()); // before the decision sends restarts with this cause
            }
            return a.id();
        }
        Throwable cause = switch (message) {
            case Recreate r -> r.cause();
            case Resume r -> r.causedByFailure();
            default -> null;
        };
        return cause == null ? ActorIds.UNKNOWN : Agent.mode.failedChildren.childOf(cause);
    }

    /** Recording: {@code actor} handles {@code message} now. */
    public static void record(ThreadRecorder recorder, AgentActor actor, Object message) {
        SystemMessageKind kind = kindOf(message);
        if (kind != null) {
            recorder.systemMessageTurn(actor, kind, relatedOf(message));
        }
    }
}
