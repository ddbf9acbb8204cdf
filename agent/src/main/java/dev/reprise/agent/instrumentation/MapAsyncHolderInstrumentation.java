package dev.reprise.agent.instrumentation;

import static net.bytebuddy.matcher.ElementMatchers.named;
import static net.bytebuddy.matcher.ElementMatchers.takesArguments;

import dev.reprise.agent.context.StageReads;
import net.bytebuddy.agent.builder.AgentBuilder;
import net.bytebuddy.asm.Advice;
import net.bytebuddy.implementation.bytecode.assign.Assigner;

/**
 * Akka Streams' {@code MapAsync$Holder}: the stream actor's read of an element's result, which the
 * future's callback writes on another thread, is answered as recorded ({@link StageReads}).
 */
final class MapAsyncHolderInstrumentation {
    private MapAsyncHolderInstrumentation() {}

    static AgentBuilder apply(AgentBuilder agent) {
        return agent.type(named(HookedTypes.MAP_ASYNC_HOLDER))
                .transform((builder, type, loader, module, domain) -> builder.visit(
                        Hooks.advice(Result.class, "elem", named("elem").and(takesArguments(0)))));
    }

    static final class Result {
        @Advice.OnMethodExit(suppress = Throwable.class)
        static void exit(
                @Advice.This Object holder,
                @Advice.Return(readOnly = false, typing = Assigner.Typing.DYNAMIC) Object result) {
            result = StageReads.holderResult(holder, result);
        }
    }
}
