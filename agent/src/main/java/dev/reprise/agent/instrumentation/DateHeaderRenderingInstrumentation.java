package dev.reprise.agent.instrumentation;

import static net.bytebuddy.matcher.ElementMatchers.named;
import static net.bytebuddy.matcher.ElementMatchers.takesArguments;

import dev.reprise.agent.io.HttpDates;
import net.bytebuddy.agent.builder.AgentBuilder;
import net.bytebuddy.asm.Advice;
import net.bytebuddy.implementation.bytecode.assign.Assigner;

/**
 * Akka HTTP's {@code Date} header rendering, made without its shared state ({@link HttpDates}), by
 * either {@code apply}: the one the server calls ({@code now}, system) calls the other (scheduler,
 * {@code now}, dispatcher) in Akka HTTP 10.2 and Pekko HTTP 1.0, and has it inlined in Pekko HTTP
 * 1.3 (built with Scala's optimizer).
 */
final class DateHeaderRenderingInstrumentation {
    private DateHeaderRenderingInstrumentation() {}

    static AgentBuilder apply(AgentBuilder agent) {
        return agent.type(named(HookedTypes.DATE_HEADER_RENDERING))
                .transform((builder, type, loader, module, domain) -> builder.visit(Hooks.advice(
                                MadeForSystem.class,
                                "apply(now, system)",
                                named("apply").and(takesArguments(2))))
                        .visit(Hooks.advice(
                                Made.class,
                                "apply(scheduler, now, ec)",
                                named("apply").and(takesArguments(3)))));
    }

    static final class MadeForSystem {
        @Advice.OnMethodExit(suppress = Throwable.class)
        static void exit(
                @Advice.Argument(0) Object now,
                @Advice.Return(readOnly = false, typing = Assigner.Typing.DYNAMIC) Object rendering) {
            rendering = HttpDates.withoutSharedState(rendering, now);
        }
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
