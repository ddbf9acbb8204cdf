package dev.reprise.agent.instrumentation;

import static net.bytebuddy.matcher.ElementMatchers.named;
import static net.bytebuddy.matcher.ElementMatchers.takesArguments;

import dev.reprise.agent.context.FunctionRefs;
import net.bytebuddy.agent.builder.AgentBuilder;
import net.bytebuddy.asm.Advice;

/**
 * {@code akka.actor.FunctionRef}: whether a message told to it in a turn runs its function (it is
 * not stopped yet) is answered as recorded, and the function it had is kept when it stops
 * ({@link FunctionRefs}).
 */
final class FunctionRefInstrumentation {
    private FunctionRefInstrumentation() {}

    static AgentBuilder apply(AgentBuilder agent) {
        return agent.type(named(HookedTypes.FUNCTION_REF))
                .transform((builder, type, loader, module, domain) -> builder.visit(
                                Hooks.advice(Tell.class, "$bang", named("$bang").and(takesArguments(2))))
                        .visit(Hooks.advice(Stop.class, "stop", named("stop").and(takesArguments(0)))));
    }

    static final class Tell {
        /** Skips Akka's own handling when the message was handled as recorded. */
        @Advice.OnMethodEnter(skipOn = Advice.OnNonDefaultValue.class, suppress = Throwable.class)
        static boolean enter(
                @Advice.This Object ref,
                @Advice.Argument(0) Object message,
                @Advice.Argument(1) Object sender,
                @Advice.FieldValue("system") Object system) {
            return FunctionRefs.toldInstead(ref, message, sender, system);
        }
    }

    static final class Stop {
        @Advice.OnMethodEnter(suppress = Throwable.class)
        static void enter(@Advice.This Object ref, @Advice.FieldValue("messageHandler") Object handler) {
            FunctionRefs.stopping(ref, handler);
        }
    }
}
