package dev.reprise.agent.instrumentation;

import static net.bytebuddy.matcher.ElementMatchers.isConstructor;
import static net.bytebuddy.matcher.ElementMatchers.named;

import dev.reprise.agent.actor.Actors;
import net.bytebuddy.agent.builder.AgentBuilder;
import net.bytebuddy.asm.Advice;

/**
 * {@code akka.actor.ActorRef} carries its actor's id; a {@code RepointableActorRef} (top-level
 * actors, routers) takes the id reserved by its creator when built, before it is published.
 */
final class ActorRefInstrumentation {
    private ActorRefInstrumentation() {}

    static AgentBuilder apply(AgentBuilder agent) {
        return agent.type(named(HookedTypes.ACTOR_REF))
                .transform((builder, type, loader, module, domain) -> StateField.add(builder))
                .type(named(HookedTypes.REPOINTABLE_ACTOR_REF))
                .transform((builder, type, loader, module, domain) ->
                        builder.visit(Hooks.advice(Built.class, "<init>", isConstructor())));
    }

    static final class Built {
        @Advice.OnMethodExit(suppress = Throwable.class)
        static void exit(@Advice.This Object ref) {
            Actors.repointableRefBuilt(ref);
        }
    }
}
