package dev.reprise.agent.context;

import dev.reprise.agent.actor.ActorIds;
import dev.reprise.agent.actor.Tag;
import dev.reprise.agent.health.AgentLog;
import java.util.function.BiConsumer;
import java.util.function.BiFunction;
import java.util.function.Consumer;
import java.util.function.Function;
import java.util.function.Supplier;

/**
 * A callback that runs with the tag of its registration ({@link ContextTasks#callback}): what it
 * sends are promise messages of its owner, and what it creates is created by its context. It
 * implements every functional type a {@code CompletableFuture} stage method takes, each calling
 * the same method of the callback it wraps, so it stands in for any of them. Its static
 * {@link #enter}/{@link #exit} serve every callback that runs with a tag (timers' tasks, ask stages').
 */
@SuppressWarnings({"unchecked", "rawtypes"})
final class ContextCallback implements Function, BiFunction, Consumer, BiConsumer, Runnable, Supplier {
    private final Object callback;
    private final Tag tag;

    ContextCallback(Object callback, Tag tag) {
        this.callback = callback;
        this.tag = tag;
    }

    /** What {@link #enter} returns when it failed: {@link #exit} then does nothing. */
    private static final Tag NOT_ENTERED = Tag.plain(ActorIds.UNKNOWN);

    /**
     * This thread runs a callback or timer task ({@code what}, for the log) that sends with
     * {@code tag}; returns what to pass to {@link #exit} when it ends. Never throws.
     */
    static Tag enter(Tag tag, String what) {
        try {
            return AgentThread.current().enterCallback(tag);
        } catch (Throwable e) {
            AgentLog.internalError("entering " + what, e);
            return NOT_ENTERED;
        }
    }

    static void exit(Tag previous, String what) {
        if (previous == NOT_ENTERED) {
            return;
        }
        try {
            AgentThread.current().exitCallback(previous);
        } catch (Throwable e) {
            AgentLog.internalError("leaving " + what, e);
        }
    }

    /** The tag it runs with. */
    Tag tag() {
        return tag;
    }

    private Tag enter() {
        return enter(tag, "a callback");
    }

    private static void exit(Tag previous) {
        exit(previous, "a callback");
    }

    @Override
    public Object apply(Object a) {
        Tag previous = enter();
        try {
            return ((Function) callback).apply(a);
        } finally {
            exit(previous);
        }
    }

    @Override
    public Object apply(Object a, Object b) {
        Tag previous = enter();
        try {
            return ((BiFunction) callback).apply(a, b);
        } finally {
            exit(previous);
        }
    }

    @Override
    public void accept(Object a) {
        Tag previous = enter();
        try {
            ((Consumer) callback).accept(a);
        } finally {
            exit(previous);
        }
    }

    @Override
    public void accept(Object a, Object b) {
        Tag previous = enter();
        try {
            ((BiConsumer) callback).accept(a, b);
        } finally {
            exit(previous);
        }
    }

    @Override
    public void run() {
        Tag previous = enter();
        try {
            ((Runnable) callback).run();
        } finally {
            exit(previous);
        }
    }

    @Override
    public Object get() {
        Tag previous = enter();
        try {
            return ((Supplier) callback).get();
        } finally {
            exit(previous);
        }
    }

    /** Function's and BiFunction's {@code andThen} in one (a class implementing both must). */
    @Override
    public ContextCallback andThen(Function after) {
        Object composed = callback instanceof Function f ? f.andThen(after) : ((BiFunction) callback).andThen(after);
        return new ContextCallback(composed, tag);
    }

    @Override
    public String toString() {
        return callback.toString();
    }
}
