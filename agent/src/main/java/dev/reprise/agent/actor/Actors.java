package dev.reprise.agent.actor;

import akka.actor.ActorPath;
import akka.actor.ActorRef;
import akka.actor.ActorRefWithCell;
import akka.actor.Cell;
import dev.reprise.agent.Agent;
import dev.reprise.agent.context.AgentThread;
import dev.reprise.agent.context.Envelopes;
import dev.reprise.agent.health.AgentLog;
import dev.reprise.agent.replay.InputOrder;

/** Finds the {@link AgentActor} of an actor ref or cell. */
public final class Actors {
    private Actors() {}

    /** The actor of a cell; cells get theirs when they are built. */
    public static AgentActor ofCell(Object cell) {
        AgentActor a = AddedState.actorOfCell(cell);
        if (a != null) {
            return a;
        }
        a = ofRef(((Cell) cell).self());
        AddedState.setActor(cell, a);
        return a;
    }

    /** The actor of a ref: recorded at its creation, else found through its cell, else by path. */
    public static AgentActor ofRef(Object ref) {
        if (!(ref instanceof RepriseState)) {
            return null;
        }
        AgentActor found = AddedState.actorOf(ref);
        if (found != null) {
            return found;
        }
        synchronized (ref) {
            found = AddedState.actorOf(ref);
            if (found != null) {
                return found;
            }
            AgentActor a = null;
            if (ref instanceof ActorRefWithCell withCell) {
                a = AddedState.actorOf(withCell.underlying());
            }
            if (a == null) {
                String path = ((ActorRef) ref).path().toStringWithoutAddress();
                a = new AgentActor(Agent.mode.ids.guardian(path));
                AgentLog.debug("actor " + path + " met without a recorded creation: id " + a.id());
            }
            AddedState.setActor(ref, a);
            return a;
        }
    }

    /** Called when an actor cell is built: it takes the id reserved by its creator, else its ref's. */
    public static void cellBuilt(Object cell, Object self) {
        try {
            AgentThread t = AgentThread.current();
            AgentActor a = t.pendingChild;
            if (a != null) {
                t.pendingChild = null;
                AddedState.setActor(self, a);
            } else {
                a = ofRef(self);
            }
            AddedState.setActor(cell, a);
            ActorPath path = ((Cell) cell).self().path();
            InputOrder order = InputOrder.of(path);
            a.recordsMessages = order.recordsMessages();
            a.recordsSystemMessages = order.recordsSystemMessages();
            a.inputContentRecorded = Envelopes.inputContentRecorded(path);
            Agent.mode.actorBuilt(a, path);
        } catch (Throwable e) {
            AgentLog.internalError("attaching an actor id", e);
        }
    }

    /** Called when a repointable ref (a top-level actor, a router) is built on its creator's thread. */
    public static void repointableRefBuilt(Object ref) {
        try {
            AgentThread t = AgentThread.current();
            if (t.pendingChild != null) {
                AddedState.setActor(ref, t.pendingChild);
                t.pendingChild = null;
            }
        } catch (Throwable e) {
            AgentLog.internalError("attaching an actor id", e);
        }
    }
}
