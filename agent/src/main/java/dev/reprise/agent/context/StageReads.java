package dev.reprise.agent.context;

import dev.reprise.agent.health.AgentLog;
import dev.reprise.replay.ReplayDivergence;
import java.lang.reflect.Field;

/**
 * Akka Streams' ordered {@code mapAsync} keeps each element's future result in a holder that the
 * future's callback fills on whichever thread completes it, before its message reaches the stream
 * actor; the actor's turn reads the holders to push every result that is there, message or not.
 * Whether a holder was filled is answered by {@link SharedReads}' rule: an unfilled one is answered
 * as {@code NotYetThere}, and a filled one the recording saw is waited for.
 */
public final class StageReads {
    static final String RESULT_THERE = "MapAsync.Holder.elem()";

    /** Per holder class: its {@code elem} field and the stage's {@code NotYetThere} marker. */
    private static final ClassValue<Holder> HOLDERS = new ClassValue<>() {
        @Override
        protected Holder computeValue(Class<?> type) {
            try {
                Field elem = type.getDeclaredField("elem");
                elem.setAccessible(true);
                Class<?> stage = Class.forName(
                        type.getName().substring(0, type.getName().lastIndexOf('$')) + "$",
                        false,
                        type.getClassLoader());
                Object module = stage.getField("MODULE$").get(null);
                Object notYetThere = stage.getMethod("NotYetThere").invoke(module);
                return new Holder(elem, notYetThere);
            } catch (ReflectiveOperationException e) {
                throw new IllegalStateException(type.getName() + " is not a MapAsync holder as Akka 2.6 makes it", e);
            }
        }
    };

    private record Holder(Field elem, Object notYetThere) {
        boolean filled(Object holder) {
            try {
                return elem.get(holder) != notYetThere;
            } catch (IllegalAccessException e) {
                throw new IllegalStateException(e);
            }
        }
    }

    private StageReads() {}

    /** {@code holder.elem()} returned {@code live}: the result the reading context gets. */
    public static Object holderResult(Object holder, Object live) {
        try {
            AgentThread t = SharedReads.ownTurn();
            if (t == null) {
                return live;
            }
            Holder h = HOLDERS.get(holder.getClass());
            boolean there = SharedReads.doneAnswer(t, RESULT_THERE, live != h.notYetThere, () -> h.filled(holder));
            return !there ? h.notYetThere : live != h.notYetThere ? live : h.elem.get(holder); // filled meanwhile
        } catch (ReplayDivergence d) {
            throw d;
        } catch (Throwable e) {
            AgentLog.internalError("recording a mapAsync result", e);
            return live;
        }
    }
}
