package dev.reprise.agent.instrumentation;

import static net.bytebuddy.matcher.ElementMatchers.named;
import static net.bytebuddy.matcher.ElementMatchers.takesArguments;

import dev.reprise.agent.Lifecycle;
import dev.reprise.agent.context.ExtensionCreations;
import java.lang.reflect.Method;
import net.bytebuddy.agent.builder.AgentBuilder;
import net.bytebuddy.asm.Advice;
import net.bytebuddy.asm.MemberSubstitution;

/**
 * {@code ActorSystemImpl}: a started system is followed to its termination (the recording ends
 * when the last one terminates), and an extension is made by a context of its own
 * ({@link ExtensionCreations}), not by whichever turn first used it.
 */
final class ActorSystemInstrumentation {
    private ActorSystemInstrumentation() {}

    static AgentBuilder apply(AgentBuilder agent) {
        return agent.type(named(HookedTypes.ACTOR_SYSTEM_IMPL))
                .transform((builder, type, loader, module, domain) -> builder.visit(
                                Hooks.advice(Started.class, "start", named("start")))
                        .visit(Hooks.substitution(
                                MemberSubstitution.relaxed()
                                        .method(named("createExtension").and(takesArguments(1)))
                                        .replaceWith(create()),
                                "registerExtension",
                                named("registerExtension"))));
    }

    private static Method create() {
        return Hooks.helper(
                ExtensionCreations.class, "create", akka.actor.ExtensionId.class, akka.actor.ExtendedActorSystem.class);
    }

    static final class Started {
        @Advice.OnMethodExit(suppress = Throwable.class)
        static void exit(@Advice.This Object system) {
            Lifecycle.systemStarted(system);
        }
    }
}
