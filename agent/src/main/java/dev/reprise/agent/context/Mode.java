package dev.reprise.agent.context;

import dev.reprise.agent.Agent;
import dev.reprise.agent.actor.AgentActor;
import dev.reprise.agent.actor.RepriseState;
import dev.reprise.agent.actor.Tag;
import dev.reprise.agent.record.RecordMode;
import dev.reprise.agent.replay.LostCompletions;
import dev.reprise.agent.replay.ReplayMode;
import dev.reprise.trace.CreationKind;

/**
 * What the agent does differently when it records and when it replays, chosen once at start
 * ({@link Agent#mode}): the hooks' helpers call it and never ask which mode they are in.
 * {@link RecordMode} appends to the trace; {@link ReplayMode} follows it.
 */
public interface Mode {
    /** This thread's state, made on its first use. */
    AgentThread thread();

    /** This thread's state if it has one, else null; never registers the thread (most never run an actor). */
    AgentThread peekThread();

    /** A turn of {@code actor} processes {@code envelope} on {@code t}: recorded, or checked against the trace. */
    AgentThread messageTurn(AgentThread t, AgentActor actor, Object cell, Object envelope);

    /**
     * A system message's turn of {@code actor} on {@code t}: recorded in its place, or in replay held
     * ({@link SystemTurns#HELD}) until the actor's recorded events reach it.
     */
    Object systemTurn(AgentThread t, AgentActor actor, Object cell, Object message);

    /**
     * The turn of the actor of {@code cell} on {@code t} (null: the turn's start failed) is over:
     * what it sent completes its fingerprint, or is checked, and the thread leaves the actor.
     */
    void turnOver(AgentThread t, Object cell);

    /**
     * The id of what {@code t}'s creator creates now ({@code props}: the actor's, or null): a new
     * one recorded as a creation, or the one the trace recorded.
     */
    long newId(AgentThread t, CreationKind kind, Object props);

    /**
     * {@code t}'s actor tries to complete {@code promise} (not completed yet) with {@code result}:
     * the result gets the completion's id, a new one or the one the trace recorded, which is
     * returned for {@link #completed} (0: none). In replay, where the recording's attempt lost to
     * another completer, the actor waits for that completer instead ({@link LostCompletions}).
     */
    long completing(AgentThread t, Object promise, RepriseState result);

    /** The attempt that {@link #completing} gave {@code id} completed its promise: recorded, or checked against the trace. */
    void completed(AgentThread t, long id);

    /**
     * The id of the outside context named {@code name}, asked once per context (contexts' names
     * never repeat): a new one, or the one the trace recorded for that name.
     */
    long sourceId(String name);

    /** {@code envelope} is handed to {@code cell}: outside input's content is recorded (replay injects it). */
    void delivering(Object cell, Object envelope);

    /**
     * The outermost clock or random call made for {@code t}'s {@link AgentThread#callOwner()}
     * returned {@code live}: recorded (null returned), or the recorded result returned in its place
     * (a result of another size stops the replay: another kind of call was recorded there).
     */
    byte[] sourceCall(AgentThread t, String call, byte[] live);

    /**
     * The timeout of an ask completed it (the reply had not): recorded as a system call of the timer,
     * so replay fires it only when the recording's did ({@link AskTimeouts}).
     */
    void askTimedOut(AgentThread t, long timer);

    /** A timer is set ({@code rearmed}: a periodic one again): what the scheduler is given to run. */
    Runnable timer(Timers.TimerTask timer, Tag fires, boolean rearmed);

    /** The scheduler accepted {@code task} and returned {@code handle}. */
    void timerScheduled(Runnable task, Object handle);

    /** The actor {@code actor} got its cell, at {@code path} (or an outside context its pseudo-actor, as {@code path}). */
    void actorBuilt(AgentActor actor, String path);

    /** {@code ref} was made for {@code actor} (an actor or an ask's temp actor). */
    void refMade(AgentActor actor, akka.actor.ActorRef ref);
}
