package dev.reprise.agent.instrumentation;

import static net.bytebuddy.matcher.ElementMatchers.isConstructor;
import static net.bytebuddy.matcher.ElementMatchers.named;
import static net.bytebuddy.matcher.ElementMatchers.takesArguments;

import dev.reprise.agent.actor.Tag;
import dev.reprise.agent.context.QueuedCallbackEvents;
import net.bytebuddy.agent.builder.AgentBuilder;
import net.bytebuddy.asm.Advice;

/**
 * Akka Streams' async callbacks ({@code GraphStageLogic$ConcurrentAsyncCallback}) and the events
 * they queue until their stage starts ({@code ConcurrentAsyncCallbackState$Event}): a queued event
 * keeps its invoker's tag, and the stage sends it as that invoker ({@link QueuedCallbackEvents}).
 */
final class AsyncCallbackInstrumentation {
    private AsyncCallbackInstrumentation() {}

    static AgentBuilder apply(AgentBuilder agent) {
        return agent.type(named(HookedTypes.ASYNC_CALLBACK_EVENT))
                .transform((builder, type, loader, module, domain) ->
                        StateField.add(builder).visit(Hooks.advice(Queued.class, "<init>", isConstructor())))
                .type(named(HookedTypes.ASYNC_CALLBACK))
                .transform((builder, type, loader, module, domain) -> builder.visit(Hooks.advice(
                                Invoked.class,
                                "invokeWithPromise",
                                named("invokeWithPromise").and(takesArguments(2))))
                        // The body of onStart's loop over the queued events (Scala's lambda, a static method).
                        .visit(Hooks.advice(
                                SentAtStart.class,
                                "$anonfun$onStart$1",
                                named("$anonfun$onStart$1").and(takesArguments(2)))));
    }

    static final class Queued {
        @Advice.OnMethodExit(suppress = Throwable.class)
        static void exit(@Advice.This Object event) {
            QueuedCallbackEvents.queued(event);
        }
    }

    static final class Invoked {
        @Advice.OnMethodEnter(suppress = Throwable.class)
        static int enter() {
            return QueuedCallbackEvents.invoking();
        }

        @Advice.OnMethodExit(suppress = Throwable.class)
        static void exit(@Advice.Enter int sendsBefore) {
            QueuedCallbackEvents.invoked(sendsBefore);
        }
    }

    static final class SentAtStart {
        @Advice.OnMethodEnter(suppress = Throwable.class)
        static Tag enter(@Advice.Argument(1) Object event) {
            return QueuedCallbackEvents.sending(event);
        }

        @Advice.OnMethodExit(suppress = Throwable.class, onThrowable = Throwable.class)
        static void exit(@Advice.Enter Tag previous) {
            QueuedCallbackEvents.sent(previous);
        }
    }
}
