package dev.reprise.agent.instrumentation;

import static net.bytebuddy.matcher.ElementMatchers.isConstructor;
import static net.bytebuddy.matcher.ElementMatchers.named;
import static net.bytebuddy.matcher.ElementMatchers.takesArguments;

import dev.reprise.agent.actor.Actors;
import dev.reprise.agent.context.ActorReads;
import net.bytebuddy.agent.builder.AgentBuilder;
import net.bytebuddy.asm.Advice;

/**
 * {@code akka.actor.ActorRef} carries its actor's id; a {@code RepointableActorRef} (top-level
 * actors, routers) takes the id reserved by its creator when built, before it is published. The
 * refs that read a live actor's state, {@code LocalActorRef} and {@code RepointableActorRef},
 * answer {@code isTerminated} as recorded ({@link ActorReads}).
 */
final class ActorRefInstrumentation {
    private ActorRefInstrumentation() {}

    static AgentBuilder apply(AgentBuilder agent) {
        return agent.type(named(HookedTypes.ACTOR_REF))
                .transform((builder, type, loader, module, domain) -> StateField.add(builder))
                .type(named(HookedTypes.REPOINTABLE_ACTOR_REF))
                .transform((builder, type, loader, module, domain) -> builder.visit(
                                Hooks.advice(Built.class, "<init>", isConstructor()))
                        .visit(Hooks.advice(
                                IsTerminated.class,
                                "isTerminated",
                                named("isTerminated").and(takesArguments(0)))))
                .type(named(HookedTypes.LOCAL_ACTOR_REF))
                .transform((builder, type, loader, module, domain) -> builder.visit(Hooks.advice(
                        IsTerminated.class,
                        "isTerminated",
                        named("isTerminated").and(takesArguments(0)))));
    }

    static final class IsTerminated {
        @Advice.OnMethodExit(suppress = Throwable.class)
        static void exit(@Advice.This Object ref, @Advice.Return(readOnly = false) boolean terminated) {
            terminated = ActorReads.isTerminated(ref, terminated);
        }
    }

    static final class Built {
        @Advice.OnMethodExit(suppress = Throwable.class)
        static void exit(@Advice.This Object ref) {
            Actors.repointableRefBuilt(ref);
        }
    }
}
