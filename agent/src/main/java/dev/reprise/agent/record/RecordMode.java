package dev.reprise.agent.record;

import akka.actor.ActorRef;
import akka.dispatch.Envelope;
import akka.dispatch.sysmsg.Failed;
import dev.reprise.agent.actor.ActorIds;
import dev.reprise.agent.actor.AddedState;
import dev.reprise.agent.actor.AgentActor;
import dev.reprise.agent.actor.Creations;
import dev.reprise.agent.actor.RepriseState;
import dev.reprise.agent.actor.Tag;
import dev.reprise.agent.context.AgentCopy;
import dev.reprise.agent.context.AgentThread;
import dev.reprise.agent.context.AskTimeouts;
import dev.reprise.agent.context.Envelopes;
import dev.reprise.agent.context.Mode;
import dev.reprise.agent.context.SystemMessageTurns;
import dev.reprise.agent.context.Timers;
import dev.reprise.agent.context.TraceFeatures;
import dev.reprise.agent.health.AgentLog;
import dev.reprise.agent.io.Network;
import dev.reprise.agent.io.RecordedNetwork;
import dev.reprise.runtime.Recorder;
import dev.reprise.runtime.ThreadRecorder;
import dev.reprise.trace.ClassCodes;
import dev.reprise.trace.CreationKind;
import dev.reprise.trace.Fingerprint;
import dev.reprise.trace.TraceMetadata;

/**
 * Recording: each turn, creation and nondeterministic call is appended to the thread's buffer. Owns
 * the recorder. {@link PerturbedRecordMode} records the same way under a perturbed schedule.
 */
public class RecordMode extends Mode {
    private static final TraceFeatures FEATURES = TraceFeatures.all();
    private final Network network = new RecordedNetwork();
    private final Recorder recorder;
    /** Whether messages and creations get fingerprints. */
    private final boolean fingerprints;

    /** Recording to {@code recorder} as copy {@code copy} of the agent's classes, with the others' ({@link AgentCopy}). */
    public RecordMode(Recorder recorder, boolean fingerprints, AgentCopy copy) {
        super(copy, ActorIds.recording(copy));
        this.recorder = recorder;
        this.fingerprints = fingerprints;
    }

    /** A thread's state made again (a common pool worker's, after each task) keeps the thread's recorder. */
    @Override
    protected AgentThread newThread() {
        return new AgentThread(recorder.forCurrentThread());
    }

    @Override
    public AgentThread peekThread() {
        AgentThread t = registeredThread();
        if (t == null && !AddedState.holdsThreadState(Thread.currentThread()) && lineage.ofProgramThread() != null) {
            return registerThread(); // a thread the program made: its calls are recorded from its first
        }
        return t;
    }

    @Override
    public AgentThread messageTurn(AgentThread t, AgentActor actor, Object cell, Object envelope) {
        if (!actor.recordsMessages) {
            return t.enter(actor);
        }
        ThreadRecorder r = t.recorder;
        byte fingerprint = fingerprints ? fingerprintOf(t, ((Envelope) envelope).message()) : Fingerprint.NONE;
        Tag tag = Envelopes.tagOf(envelope);
        if (tag == null) {
            r.message(actor, ActorIds.UNKNOWN, fingerprint);
        } else {
            switch (tag.kind) {
                case Tag.PLAIN -> r.message(actor, tag.sender, fingerprint);
                case Tag.PROMISE -> r.promiseMessage(actor, tag.sender, tag.resolver, fingerprint);
                default -> r.externalMessage(actor, tag.sender, tag.eventType, tag.dataId, fingerprint);
            }
        }
        t.enter(actor);
        if (fingerprint != Fingerprint.NONE) {
            t.turnFingerprint = fingerprint;
        }
        return t;
    }

    /** A message's fingerprint; the thread remembers its last class, which a burst of messages repeats. */
    private static byte fingerprintOf(AgentThread t, Object message) {
        Class<?> c = message.getClass();
        if (c != t.lastMessageClass) {
            t.lastMessageClass = c;
            t.lastMessageFingerprint = Fingerprint.ofClass(ClassCodes.ofClass(c));
        }
        return t.lastMessageFingerprint;
    }

    @Override
    public Object systemMessageTurn(AgentThread t, AgentActor actor, Object cell, Object message) {
        if (message instanceof Failed) { // a supervisor hears of a child's failure: the run had an actor error
            recorder.count(TraceMetadata.ACTOR_FAILURES, 1);
        }
        if (actor.recordsSystemMessages) {
            SystemMessageTurns.record(t.recorder, actor, message);
        }
        return t.enter(actor);
    }

    @Override
    public void turnOver(AgentThread t, Object cell) {
        if (t == null) {
            return; // nothing waits for a turn's end while recording
        }
        if (t.turnFingerprint != Fingerprint.NONE) {
            t.recorder.turnSent(t.turnFingerprint, t.turnSends); // completes the message's fingerprint
        }
        t.exit();
    }

    @Override
    public long newId(AgentThread t, CreationKind kind, Object props) {
        long id = ids.next();
        Class<?> actorClass = fingerprints ? Creations.actorClass(props) : null;
        byte fingerprint = actorClass != null ? Fingerprint.ofClass(ClassCodes.ofClass(actorClass)) : Fingerprint.NONE;
        t.recorder.creation(t.creator(), id, kind, fingerprint);
        return id;
    }

    @Override
    public long completing(AgentThread t, Object promise, RepriseState result) {
        long id = ids.next();
        AddedState.setResolver(result, id);
        return id;
    }

    @Override
    public void completed(AgentThread t, long id) {
        t.recorder.creation(t.creator(), id, CreationKind.PROMISE);
    }

    @Override
    public long sourceId(String name) {
        return recorder.newSource(copy.sourceName(name)); // a context's name: it keeps its id, and never repeats
    }

    @Override
    public void delivering(Object cell, Object envelope, Tag tag) {
        Envelopes.recordOutsideInput(recorder, cell, envelope, tag);
    }

    @Override
    public byte[] systemCall(AgentThread t, String call, byte[] live) {
        t.recorder.systemCall(t.callOwner(), live);
        return null;
    }

    @Override
    public TraceFeatures features() {
        return FEATURES;
    }

    @Override
    public void exiting(int status) {
        recorder.ended(TraceMetadata.EXIT_STATUS, status);
    }

    @Override
    public void mainThrew(Throwable exception) {
        recorder.ended(TraceMetadata.MAIN_THREW, 1);
    }

    @Override
    public void signalled(String name, int signal) {
        recorder.ended(TraceMetadata.SIGNAL, signal);
    }

    @Override
    public Network network() {
        return network;
    }

    @Override
    public Runnable timer(Timers.TimerTask timer, Tag fires, boolean rearmed) {
        return timer;
    }

    @Override
    public void timerScheduled(Runnable task, Object handle) {
        // the scheduler runs it when it is due
    }

    @Override
    public void askTimedOut(AgentThread t, long timer) {
        t.recorder.systemCall(new dev.reprise.runtime.ActorRecord(timer), AskTimeouts.FIRED);
    }

    @Override
    public void actorBuilt(AgentActor actor, Object name) {
        // names are for replay's reports
    }

    @Override
    public void refMade(AgentActor actor, ActorRef ref) {
        // only replay looks refs up by id
    }

    @Override
    public void lastSystemTerminated() {
        AgentLog.info("the last actor system terminated: finishing the trace");
        recorder.close();
    }

    @Override
    public void notCovered(String feature, String detail, String warning) {
        AgentLog.warnOnce("notCovered:" + feature + ":" + detail, warning);
        recorder.notCovered(feature);
    }

    @Override
    public void internalError(String site) {
        recorder.agentError(site);
    }

    @Override
    public void refuse(String why) {
        AgentLog.warnOnce(
                "refused", why + ": this run is not recorded; the application runs without the agent's hooks");
        recorder.refuse(why);
    }
}
