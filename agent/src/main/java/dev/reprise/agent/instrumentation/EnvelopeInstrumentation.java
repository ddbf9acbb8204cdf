package dev.reprise.agent.instrumentation;

import static net.bytebuddy.matcher.ElementMatchers.isConstructor;
import static net.bytebuddy.matcher.ElementMatchers.named;
import static net.bytebuddy.matcher.ElementMatchers.takesArguments;

import dev.reprise.agent.context.Envelopes;
import net.bytebuddy.agent.builder.AgentBuilder;
import net.bytebuddy.asm.Advice;

/** {@code akka.dispatch.Envelope}: tagged with its true sender when built; copies keep the tag. */
final class EnvelopeInstrumentation {
    private EnvelopeInstrumentation() {}

    static AgentBuilder apply(AgentBuilder agent) {
        return agent.type(named(HookedTypes.ENVELOPE))
                .transform((builder, type, loader, module, domain) -> StateField.add(builder)
                        .visit(Hooks.advice(Built.class, "<init>", isConstructor()))
                        .visit(Hooks.advice(Copied.class, "copy", named("copy").and(takesArguments(2)))));
    }

    static final class Built {
        @Advice.OnMethodExit(suppress = Throwable.class)
        static void exit(@Advice.This Object envelope) {
            Envelopes.built(envelope);
        }
    }

    static final class Copied {
        @Advice.OnMethodExit(suppress = Throwable.class)
        static void exit(@Advice.This Object original, @Advice.Return Object copy) {
            Envelopes.copied(original, copy);
        }
    }
}
