package dev.reprise.agent.replay;

import akka.actor.ActorRef;
import akka.dispatch.Envelope;
import dev.reprise.agent.actor.ActorIds;
import dev.reprise.agent.actor.Actors;
import dev.reprise.agent.actor.AddedState;
import dev.reprise.agent.actor.AgentActor;
import dev.reprise.agent.actor.Tag;
import dev.reprise.agent.context.Envelopes;
import dev.reprise.agent.context.OutsideContext;
import dev.reprise.agent.context.TraceFeatures;
import dev.reprise.replay.MessageKey;
import dev.reprise.replay.ReplaySupport;
import java.util.Map;
import java.util.Set;
import java.util.function.Predicate;
import java.util.stream.Collectors;

/** What the replay core and the replay mailboxes ask the agent: keys from envelope tags, ids of actors, names, timers. */
public final class AgentReplaySupport implements ReplaySupport, MailboxSupport {
    private final ReplayMode mode;
    /** input=trace: recorded outside input is not sent again by the program; its senders are stood in for. */
    private final boolean inputFromTrace;

    /**
     * Whether the trace names Akka IO's selector a context of its own ({@link TraceFeatures#SELECTOR_CONTEXTS}),
     * which decides whose input waits for its live copy; read from the trace once it is open ({@link #traceOpened}).
     */
    private boolean selectorContexts;

    /** For {@code mode}, whose parts it reaches once the replay runs (never while the trace is opened). */
    AgentReplaySupport(ReplayMode mode, boolean inputFromTrace) {
        this.mode = mode;
        this.inputFromTrace = inputFromTrace;
    }

    /** The trace is open and keeps {@code features}: called once, before the program's threads start. */
    void traceOpened(TraceFeatures features) {
        selectorContexts = features.has(TraceFeatures.SELECTOR_CONTEXTS);
    }

    /** The key of a message whose sender is not known. */
    private static final MessageKey UNKNOWN_SENDER = new MessageKey(MessageKey.PLAIN, ActorIds.UNKNOWN, 0);

    /** The key of {@code envelope}'s tag, made once per tag: an actor's tag goes on all of its turns' sends. */
    @Override
    public MessageKey keyOf(Envelope envelope) {
        Tag tag = Envelopes.tagOf(envelope);
        if (tag == null) {
            return UNKNOWN_SENDER;
        }
        MessageKey key = tag.replayKey;
        if (key == null) {
            key = switch (tag.kind) {
                case Tag.PLAIN -> new MessageKey(MessageKey.PLAIN, tag.sender, 0);
                case Tag.PROMISE -> new MessageKey(MessageKey.PROMISE, tag.sender, tag.resolver);
                default -> new MessageKey(MessageKey.EXTERNAL, tag.sender, 0);
            };
            tag.replayKey = key; // a race makes an equal one: a record's fields are final, so any thread sees it whole
        }
        return key;
    }

    @Override
    public void markInjected(Envelope envelope, long source, long dataId) {
        AddedState.setTag(envelope, Tag.injected(source, dataId));
    }

    @Override
    public long injectedData(Envelope envelope) {
        Tag tag = Envelopes.tagOf(envelope);
        return tag != null && tag.injected ? tag.dataId : 0;
    }

    @Override
    public long actorId(ActorRef actor) {
        AgentActor a = Actors.ofRef(actor);
        return a == null ? ActorIds.UNKNOWN : a.id();
    }

    @Override
    public ActorRef actorRef(long id) {
        return mode.liveRefs.of(id);
    }

    @Override
    public ActorRef standIn(long id, akka.actor.ActorSystem system) {
        return inputFromTrace ? StandInSenders.make(id, system, mode.liveRefs) : null;
    }

    @Override
    public boolean inputFromTrace() {
        return inputFromTrace;
    }

    /** The recorded ids of the program's own outside contexts (threads, tasks, callbacks: {@link OutsideContext}). */
    private volatile Set<Long> threadSources;

    @Override
    public boolean resendsLive(long source) {
        if (inputFromTrace) {
            return false;
        }
        Set<Long> threads = threadSources;
        if (threads == null) {
            threadSources = threads = sourcesNamed(OutsideContext::isContextName);
        }
        return threads.contains(source);
    }

    @Override
    public long startingActor(long source) {
        String name = mode.replay().sourceName(source);
        return name == null ? -1 : OutsideContext.startingActor(name);
    }

    @Override
    public boolean waitsForLiveCopy(long source) {
        String name = mode.replay().sourceName(source);
        if (name == null) {
            return false;
        }
        // Every actor's turn starts its tasks, threads and callbacks again in replay, under the same names, with
        // or without the program's clients: the application's code runs in Akka's actors too (a stream's stages,
        // an HTTP route). Only Akka IO's selector sends nothing live, as replay takes what it said from the trace.
        // The program's own threads may wait for clients that an input=trace replay does not have.
        long actor = OutsideContext.startingActor(name);
        if (actor >= 0 && selectorContexts) {
            return !OutsideContext.isSelectorContext(name);
        }
        if (actor >= 0) { // an older trace, which named the selector an actor's task: what its agent waited for
            return !inputFromTrace && (!mode.names.has(actor) || mode.names.runsApplicationCode(actor));
        }
        return !inputFromTrace && mode.lineage.isProgramThread(name);
    }

    /** The recorded ids of the trace's outside sources whose names {@code named} accepts (read once: the trace names them all). */
    private Set<Long> sourcesNamed(Predicate<String> named) {
        return mode.replay().sources().entrySet().stream()
                .filter(e -> named.test(e.getKey()))
                .map(Map.Entry::getValue)
                .collect(Collectors.toUnmodifiableSet());
    }

    @Override
    public String programGoesOn() {
        return mode.programThreads.goingOn();
    }

    @Override
    public boolean raise(int signal) {
        return dev.reprise.agent.context.ProgramSignals.raise(signal);
    }

    @Override
    public boolean knows(long id) {
        return mode.names.has(id);
    }

    @Override
    public String describe(long id) {
        String source = mode.replay().sourceName(id); // the trace names its sources: no name kept per context
        return source != null ? "outside source " + source + " (" + id + ")" : mode.names.describe(id);
    }

    @Override
    public boolean isApplicationActor(long id) {
        return mode.names.isApplicationActor(id);
    }

    @Override
    public boolean fireTimer(long timerId) {
        return mode.timers.fire(timerId);
    }

    @Override
    public int timersKeptAtMost() {
        return mode.timers.keptAtMost();
    }

    @Override
    public void forget(long id) {
        mode.names.forget(id);
    }
}
