package dev.reprise.agent.replay;

import akka.actor.ActorCell;
import akka.actor.ActorRef;
import dev.reprise.agent.actor.ActorIds;
import dev.reprise.agent.actor.AgentActor;
import dev.reprise.agent.actor.Creations;
import dev.reprise.agent.actor.RepriseState;
import dev.reprise.agent.actor.Tag;
import dev.reprise.agent.context.AgentThread;
import dev.reprise.agent.context.Mode;
import dev.reprise.agent.context.SystemTurns;
import dev.reprise.agent.context.Timers;
import dev.reprise.replay.Replay;
import dev.reprise.replay.ReplayQueue;
import dev.reprise.trace.CreationKind;
import dev.reprise.trace.Fingerprint;

/** Replaying: turns, creations and nondeterministic calls follow the trace, and are checked against it. */
public final class ReplayMode implements Mode {
    private final Replay replay;
    private final ThreadLocal<AgentThread> threads = ThreadLocal.withInitial(() -> new AgentThread(null));

    public ReplayMode(Replay replay) {
        this.replay = replay;
    }

    @Override
    public AgentThread thread() {
        return threads.get();
    }

    @Override
    public AgentThread peekThread() {
        return threads.get();
    }

    @Override
    public AgentThread messageTurn(AgentThread t, AgentActor actor, Object cell, Object envelope) {
        t.enter(actor);
        if (((ActorCell) cell).mailbox().messageQueue() instanceof ReplayQueue q) {
            int recorded = q.takeTurn(); // its class was checked as it was taken
            t.scriptedTurn = recorded >= 0;
            t.turnQueue = q;
            t.turnFingerprint = recorded > 0 && replay.checksFingerprints() ? (byte) recorded : Fingerprint.NONE;
        }
        return t;
    }

    @Override
    public Object systemTurn(AgentThread t, AgentActor actor, Object cell, Object message) {
        if (!SystemTurns.admit(cell, message)) {
            return SystemTurns.HELD;
        }
        return t.enter(actor);
    }

    @Override
    public void turnOver(AgentThread t, Object cell) {
        if (t != null) {
            if (t.scriptedTurn) {
                t.turnQueue.turnOver(t.turnFingerprint, t.turnSends);
            }
            t.exit();
        }
        replay.turnEnded();
        SystemTurns.releaseDue(cell); // held system messages whose turn has come go again
    }

    @Override
    public long newId(AgentThread t, CreationKind kind, Object props) {
        Class<?> actorClass = replay.checksFingerprints() ? Creations.actorClass(props) : null;
        long recorded = replay.expectCreation(t.creator().id(), kind, actorClass);
        return recorded >= 0 ? recorded : ActorIds.next(); // past the end of the trace: a new id
    }

    @Override
    public long completing(AgentThread t, Object promise, RepriseState result) {
        long creator = t.creator().id();
        long recorded = replay.nextCompletion(creator);
        if (recorded == Replay.LOST) {
            LostCompletions.await(replay, creator, (scala.concurrent.Future<?>) promise);
            return ActorIds.UNKNOWN;
        }
        result.reprise$state(recorded != Replay.LIVE ? recorded : ActorIds.next());
        return recorded != Replay.LIVE ? recorded : ActorIds.UNKNOWN; // past the end of the trace: nothing to check
    }

    @Override
    public void completed(AgentThread t, long id) {
        replay.expectCreation(t.creator().id(), CreationKind.PROMISE, null);
    }

    @Override
    public long sourceId(String name) {
        return replay.sourceId(name);
    }

    @Override
    public void delivering(Object cell, Object envelope) {
        // outside input is injected from the trace
    }

    @Override
    public byte[] sourceCall(AgentThread t, String call, byte[] live) {
        long owner = t.callOwner().id();
        byte[] recorded = replay.expectSystemCall(owner, call);
        if (recorded != null && recorded.length != live.length) {
            throw replay.diverged(owner, call + " gave " + live.length + " bytes, but the result recorded in its place has "
                    + recorded.length + ": a call of another kind was recorded here");
        }
        return recorded;
    }

    @Override
    public Runnable timer(Timers.TimerTask timer, Tag fires, boolean rearmed) {
        return ReplayTimers.arm(fires.resolver, fires.sender, timer, rearmed);
    }

    @Override
    public void askTimedOut(AgentThread t, long timer) {
        // replay ran it because the recording's did (ReplayTimers), and took that event then
    }

    @Override
    public void timerScheduled(Runnable task, Object handle) {
        ReplayTimers.scheduled(task, handle);
    }

    @Override
    public void actorBuilt(AgentActor actor, String path) {
        Names.of(actor.id(), path);
    }

    @Override
    public void refMade(AgentActor actor, ActorRef ref) {
        LiveRefs.created(actor.id(), ref); // outside input may name it as its sender
    }
}
