package dev.reprise.agent.replay;

import akka.actor.ActorCell;
import akka.actor.ActorRef;
import akka.dispatch.sysmsg.SystemMessage;
import dev.reprise.agent.Agent;
import dev.reprise.agent.actor.ActorIds;
import dev.reprise.agent.actor.Actors;
import dev.reprise.agent.actor.AddedState;
import dev.reprise.agent.actor.AgentActor;
import dev.reprise.agent.actor.Creations;
import dev.reprise.agent.actor.RepriseState;
import dev.reprise.agent.actor.Tag;
import dev.reprise.agent.context.AgentCopy;
import dev.reprise.agent.context.AgentThread;
import dev.reprise.agent.context.Mode;
import dev.reprise.agent.context.SystemMessageTurns;
import dev.reprise.agent.context.Timers;
import dev.reprise.agent.context.TraceFeatures;
import dev.reprise.agent.health.AgentLog;
import dev.reprise.agent.io.Network;
import dev.reprise.agent.io.ReplayedNetwork;
import dev.reprise.replay.Replay;
import dev.reprise.trace.CreationKind;
import dev.reprise.trace.Fingerprint;
import dev.reprise.trace.SystemMessageKind;
import dev.reprise.trace.TraceMetadata;
import java.io.IOException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;

/**
 * Replaying: turns, creations and nondeterministic calls follow the trace, and are checked against
 * it. Owns the replay and what the agent keeps for it: names for reports, live refs by id, timers
 * fired on demand, the replay mailboxes' type and the summary at the end.
 */
public final class ReplayMode extends Mode implements AutoCloseable {
    final Names names = new Names();
    final LiveRefs liveRefs = new LiveRefs();
    final ReplayTimers timers = new ReplayTimers(this);
    final ReplaySummary summary = new ReplaySummary(this);
    private final Replay replay;
    private final ReplayMailboxType mailboxType;
    private final Network network;
    /** What the trace keeps that older agents did not. */
    private final TraceFeatures features;

    final ProgramThreads programThreads = new ProgramThreads();

    /**
     * Opens the trace at {@code trace} to replay it, as copy {@code copy} of the agent's classes
     * ({@link AgentCopy}): the first opens the trace, the others join its replay. {@code
     * inputFromTrace}: recorded outside input comes from the trace alone; {@code exitOnError}: a
     * divergence stops the JVM (else it is kept for a test to report). See {@link Replay#open} for
     * the rest.
     */
    public ReplayMode(
            Path trace,
            boolean inputFromTrace,
            Duration quiet,
            boolean liveAfterEnd,
            boolean verbose,
            boolean exitOnError,
            AgentCopy copy)
            throws IOException {
        super(copy, ActorIds.replaying(copy));
        AgentReplaySupport support = new AgentReplaySupport(this, inputFromTrace);
        this.replay = copy.first()
                ? Replay.open(trace, support, quiet, liveAfterEnd, verbose, exitOnError)
                : Replay.join(support);
        this.mailboxType = new ReplayMailboxType(replay, support);
        this.network = new ReplayedNetwork(replay, !inputFromTrace);
        this.features = TraceFeatures.of(replay.metadata().settings().get(TraceFeatures.SETTING));
        support.traceOpened(features);
        programThreads.add(Thread.currentThread()); // the replay starts on main (or a test's thread that plays it)
    }

    /** A thread's state, on its first use; a thread the program made is one of its own threads from now on. */
    @Override
    protected AgentThread newThread() {
        if (lineage.ofProgramThread() != null) {
            programThreads.add(Thread.currentThread());
        }
        return new AgentThread(null);
    }

    /** The replay mode in force; only replay's own hooks and helpers ask, which are installed in replay alone. */
    static ReplayMode current() {
        return (ReplayMode) Agent.mode;
    }

    public Replay replay() {
        return replay;
    }

    /** The JVM exits: the replay ends here ({@link ReplaySummary#atExit}). */
    public void atExit() {
        summary.atExit();
    }

    /** Ends the replay without a report (a test's, in process): its timers' thread and the trace's files are closed. */
    @Override
    public void close() throws IOException {
        timers.close();
        replay.close();
    }

    /** What every mailbox Akka makes is replaced with. */
    ReplayMailboxType mailboxType() {
        return mailboxType;
    }

    @Override
    public AgentThread peekThread() {
        return thread();
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
    public Object systemMessageTurn(AgentThread t, AgentActor actor, Object cell, Object message) {
        if (!admit(cell, message)) {
            return SystemMessageTurns.HELD;
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
        releaseDue(cell); // held system messages whose turn has come go again
    }

    @Override
    public long newId(AgentThread t, CreationKind kind, Object props) {
        Class<?> actorClass = replay.checksFingerprints() ? Creations.actorClass(props) : null;
        long recorded = replay.expectCreation(t.creator().id(), kind, actorClass);
        return recorded >= 0 ? recorded : ids.next(); // past the end of the trace: a new id
    }

    @Override
    public long completing(AgentThread t, Object promise, RepriseState result) {
        long creator = t.creator().id();
        long recorded = replay.nextCompletion(creator);
        if (recorded == Replay.LOST) {
            LostCompletions.await(replay, creator, (scala.concurrent.Future<?>) promise);
            return ActorIds.UNKNOWN;
        }
        AddedState.setResolver(result, recorded != Replay.LIVE ? recorded : ids.next());
        return recorded != Replay.LIVE ? recorded : ActorIds.UNKNOWN; // past the end of the trace: nothing to check
    }

    @Override
    public void completed(AgentThread t, long id) {
        replay.expectCreation(t.creator().id(), CreationKind.PROMISE, null);
    }

    @Override
    public long sourceId(String name) {
        return replay.sourceId(copy.sourceName(name));
    }

    @Override
    public void delivering(Object cell, Object envelope, Tag tag) {
        // outside input is injected from the trace
    }

    @Override
    public byte[] systemCall(AgentThread t, String call, byte[] live) {
        long owner = t.callOwner().id();
        byte[] recorded = replay.expectSystemCall(owner, call);
        if (recorded != null && recorded.length != live.length) {
            throw replay.diverged(
                    owner,
                    replay.script(owner).consumed() - 1, // the recorded call, taken
                    call + " gave " + live.length + " bytes, but the result recorded in its place has "
                            + recorded.length + ": a call of another kind was recorded here");
        }
        return recorded;
    }

    @Override
    public TraceFeatures features() {
        return features;
    }

    @Override
    public void exiting(int status) {
        replay.programExits();
        Long recorded = replay.metadata().counts().get(TraceMetadata.ENDED_PREFIX + TraceMetadata.EXIT_STATUS);
        if (recorded != null && recorded != status) {
            AgentLog.warn("this replay exits with status " + status + "; the recorded run exited with System.exit("
                    + recorded + ")");
        }
    }

    @Override
    public void mainThrew(Throwable exception) {
        // the program's own output says it, as when recorded; verify and stats say how the recorded run ended
    }

    @Override
    public void signalled(String name, int signal) {
        replay.stoppedBy(name);
    }

    @Override
    public Network network() {
        return network;
    }

    @Override
    public Runnable timer(Timers.TimerTask timer, Tag fires, boolean rearmed) {
        return timers.arm(fires.resolver, fires.sender, timer, rearmed);
    }

    @Override
    public void askTimedOut(AgentThread t, long timer) {
        // replay ran it because the recording's did (ReplayTimers), and took that event then
    }

    @Override
    public void timerScheduled(Runnable task, Object handle) {
        timers.scheduled(task, handle);
    }

    @Override
    public void actorBuilt(AgentActor actor, Object name) {
        names.of(actor.id(), name);
    }

    @Override
    public void refMade(AgentActor actor, ActorRef ref) {
        liveRefs.created(actor.id(), ref); // outside input may name it as its sender
    }

    @Override
    public void lastSystemTerminated() {
        summary.print();
    }

    @Override
    public void notCovered(String feature, String detail, String warning) {
        // said when it was recorded; the trace's metadata counts it (verify, stats)
    }

    @Override
    public void internalError(String site) {
        // a replay writes no trace: said on stderr only (AgentLog)
    }

    @Override
    public void refuse(String why) {
        AgentLog.warnOnce(
                "refused", why + ": this run is not replayed; the application runs without the agent's hooks");
    }

    /** Replay: whether the actor handles {@code message} now (its recorded turn); else it is held. */
    private boolean admit(Object cell, Object message) {
        SystemMessageKind kind = SystemMessageTurns.kindOf(message);
        if (kind == SystemMessageKind.UNWATCH && !features.has(TraceFeatures.UNWATCH)) { // an older trace
            return true;
        }
        ReplayQueue q = kind == null ? null : queueOf(cell);
        if (q == null || q.admitSystemMessage(kind, SystemMessageTurns.relatedOf(message), message)) {
            return true;
        }
        if (AgentLog.debugging()) {
            AgentLog.debug("holding system message " + message + " for "
                    + Actors.ofCell(cell).id() + " until its turn");
        }
        return false;
    }

    /** Replay, after each turn: held system messages whose turn has come are sent to the actor again. */
    private static void releaseDue(Object cell) {
        ReplayQueue q = queueOf(cell);
        if (q != null) {
            List<Object> due = q.dueSystemMessages();
            for (int i = 0; i < due.size(); i++) { // indexed: an iterator per turn was 2% of a replay's allocation
                Object m = due.get(i);
                if (AgentLog.debugging()) { // a death notification's text is built only to be printed
                    AgentLog.debug("its turn has come: system message " + m + " for "
                            + Actors.ofCell(cell).id());
                }
                ((ActorCell) cell).sendSystemMessage((SystemMessage) m);
            }
        }
    }

    /** The replay mailbox of a cell; null for an actor on a mailbox of its own (not ordered). */
    private static ReplayQueue queueOf(Object cell) {
        return ((ActorCell) cell).mailbox().messageQueue() instanceof ReplayQueue q ? q : null;
    }
}
