package dev.reprise.agent.actor;

import dev.reprise.agent.context.OutsideContext;

/**
 * Who really sent a message, captured when the message is sent and carried on its envelope (not
 * taken from {@code Envelope.sender}, which is often dead letters, a temp actor, or forwarded).
 */
public final class Tag {
    /** A message sent by actor {@code sender} in its turn. */
    public static final int PLAIN = 0;
    /**
     * Sent by a callback of {@code sender} (or a timer it set) after {@code resolver} completed the
     * promise; or a dead letter of {@code sender}, which {@code resolver}'s death made one.
     */
    public static final int PROMISE = 1;
    /** Sent from outside the actor system by external source {@code sender}. */
    public static final int EXTERNAL = 2;

    public final int kind;
    public final long sender;
    public final long resolver;
    public final int eventType;
    /** A timer's firing (a promise message whose resolver is the timer). */
    public final boolean timer;
    /** External only: the source's data entry holding the content (0: not recorded, or not yet). */
    public long dataId;
    /** External from an outside context: its pseudo-actor's record, which numbers its data; null for a declared source. */
    public dev.reprise.runtime.ActorRecord source;
    /** External only: whether the content has been handed to the recorder. */
    public boolean contentRecorded;
    /**
     * External only: replay made this message from the trace (its data entry is {@link #dataId}),
     * not the program; it comes back only when the actor puts it back (a stash's unstash).
     */
    public boolean injected;
    /** Replay only: the key its messages are held under, made on first use ({@code AgentReplaySupport.keyOf}). */
    public dev.reprise.replay.MessageKey replayKey;
    /** Promise only: the callback (or timer's task) that sends it, where what it creates comes from; made on first use for a timer. */
    private OutsideContext context;

    private Tag(int kind, long sender, long resolver, int eventType, boolean timer) {
        this.kind = kind;
        this.sender = sender;
        this.resolver = resolver;
        this.eventType = eventType;
        this.timer = timer;
    }

    public static Tag plain(long sender) {
        return new Tag(PLAIN, sender, 0, 0, false);
    }

    public static Tag promise(long sender, long resolver) {
        return new Tag(PROMISE, sender, resolver, 0, false);
    }

    /** Sent by {@code context}, a callback of {@code sender}, after {@code resolver} completed the promise. */
    public static Tag promise(long sender, long resolver, OutsideContext context) {
        Tag tag = new Tag(PROMISE, sender, resolver, 0, false);
        tag.context = context;
        return tag;
    }

    /**
     * A dead letter of {@code sender} to {@code recipient}, tagged as a promise message resolved
     * by the recipient: whichever actor publishes it (the sender, or the recipient as it stops),
     * the letter comes because the recipient died, and the pair names it whoever publishes it.
     */
    public static Tag deadLetter(long sender, long recipient) {
        return new Tag(PROMISE, sender, recipient, 0, false);
    }

    public static Tag timer(long owner, long timer) {
        return new Tag(PROMISE, owner, timer, 0, true);
    }

    /** Sent from outside by the declared source {@code source}. */
    public static Tag external(long source, int eventType) {
        return new Tag(EXTERNAL, source, 0, eventType, false);
    }

    /** Sent from outside by an outside context, as its pseudo-actor {@code source}. */
    public static Tag external(AgentActor source) {
        Tag tag = new Tag(EXTERNAL, source.id(), 0, 0, false);
        tag.source = source;
        return tag;
    }

    /** Replay's copy of outside input from {@code source}, made from its recorded data entry {@code dataId}. */
    public static Tag injected(long source, long dataId) {
        Tag tag = new Tag(EXTERNAL, source, 0, 0, false);
        tag.dataId = dataId;
        tag.contentRecorded = true;
        tag.injected = true;
        return tag;
    }

    /**
     * The context of the callback or timer task that sends with this tag, or null (a turn's tag,
     * an outside source's). A timer's is named after the timer, whose id replay gives it again.
     */
    public OutsideContext context() {
        if (context == null && timer) {
            context = OutsideContext.ofTimer(resolver);
        }
        return context;
    }

    @Override
    public String toString() {
        return switch (kind) {
            case PLAIN -> "from " + sender;
            case PROMISE -> "from " + sender + " resolved by " + resolver;
            default -> "external from " + sender + " type " + eventType + " data " + dataId;
        };
    }
}
