package dev.reprise.agent.instrumentation;

import static net.bytebuddy.matcher.ElementMatchers.named;
import static net.bytebuddy.matcher.ElementMatchers.takesArguments;

import dev.reprise.agent.io.HttpDates;
import net.bytebuddy.agent.builder.AgentBuilder;
import net.bytebuddy.asm.Advice;
import net.bytebuddy.implementation.bytecode.assign.Assigner;

/** Akka HTTP's {@code Date} header rendering, made without its shared state ({@link HttpDates}). */
final class DateHeaderRenderingInstrumentation {
    private DateHeaderRenderingInstrumentation() {}

    static AgentBuilder apply(AgentBuilder agent) {
        return agent.type(named(HookedTypes.DATE_HEADER_RENDERING))
                .transform((builder, type, loader, module, domain) -> builder.visit(
                        Hooks.advice(Made.class, "apply", named("apply").and(takesArguments(3)))));
    }

    static final class Made {
        @Advice.OnMethodExit(suppress = Throwable.class)
        static void exit(
                @Advice.Argument(1) Object now,
                @Advice.Return(readOnly = false, typing = Assigner.Typing.DYNAMIC) Object rendering) {
            rendering = HttpDates.withoutSharedState(rendering, now);
        }
    }
}
