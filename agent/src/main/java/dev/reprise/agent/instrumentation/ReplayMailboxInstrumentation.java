package dev.reprise.agent.instrumentation;

import static net.bytebuddy.matcher.ElementMatchers.isConstructor;
import static net.bytebuddy.matcher.ElementMatchers.named;
import static net.bytebuddy.matcher.ElementMatchers.takesArguments;

import dev.reprise.agent.replay.ReplayMailboxes;
import net.bytebuddy.agent.builder.AgentBuilder;
import net.bytebuddy.asm.Advice;
import net.bytebuddy.implementation.bytecode.assign.Assigner;

/**
 * Replay only: every mailbox {@code Dispatcher.createMailbox} makes gets a replay queue, after
 * Akka has checked the actor's mailbox requirements; balancing dispatchers (one queue shared by
 * several actors) cannot be replayed and are refused when created.
 */
final class ReplayMailboxInstrumentation {
    private ReplayMailboxInstrumentation() {}

    static AgentBuilder apply(AgentBuilder agent) {
        return agent.type(named(HookedTypes.DISPATCHER))
                .transform((builder, type, loader, module, domain) -> builder.visit(Hooks.advice(
                        CreateMailbox.class,
                        "createMailbox",
                        named("createMailbox").and(takesArguments(2)))))
                .type(named(HookedTypes.BALANCING_DISPATCHER))
                .transform((builder, type, loader, module, domain) ->
                        builder.visit(Hooks.advice(Balancing.class, "<init>", isConstructor())));
    }

    static final class CreateMailbox {
        @Advice.OnMethodEnter(suppress = Throwable.class)
        static void enter(@Advice.Argument(value = 1, readOnly = false, typing = Assigner.Typing.DYNAMIC) Object type) {
            type = ReplayMailboxes.replacing(type);
        }
    }

    static final class Balancing {
        @Advice.OnMethodExit
        static void exit(@Advice.This Object dispatcher) {
            ReplayMailboxes.refuseBalancing(dispatcher);
        }
    }
}
