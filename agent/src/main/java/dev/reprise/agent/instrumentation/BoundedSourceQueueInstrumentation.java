package dev.reprise.agent.instrumentation;

import static net.bytebuddy.matcher.ElementMatchers.named;
import static net.bytebuddy.matcher.ElementMatchers.takesArguments;

import dev.reprise.agent.health.NotCovered;
import net.bytebuddy.agent.builder.AgentBuilder;
import net.bytebuddy.asm.Advice;

/**
 * Akka Streams' {@code BoundedSourceQueueStage} ({@code Source.queue(bufferSize)}), which the agent
 * does not record faithfully: each materialization is said and counted ({@link NotCovered}).
 */
final class BoundedSourceQueueInstrumentation {
    private BoundedSourceQueueInstrumentation() {}

    static AgentBuilder apply(AgentBuilder agent) {
        return agent.type(named(HookedTypes.BOUNDED_SOURCE_QUEUE_STAGE))
                .transform((builder, type, loader, module, domain) -> builder.visit(Hooks.advice(
                        Materialized.class,
                        "createLogicAndMaterializedValue",
                        named("createLogicAndMaterializedValue").and(takesArguments(1)))));
    }

    static final class Materialized {
        @Advice.OnMethodEnter(suppress = Throwable.class)
        static void enter() {
            NotCovered.boundedSourceQueue();
        }
    }
}
