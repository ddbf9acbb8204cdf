package dev.reprise.agent.instrumentation;

import static net.bytebuddy.matcher.ElementMatchers.named;

import dev.reprise.agent.Lifecycle;
import dev.reprise.runtime.RecordingThread;
import dev.reprise.runtime.ThreadRecorder;
import net.bytebuddy.agent.builder.AgentBuilder;
import net.bytebuddy.asm.Advice;

/**
 * Akka's fork-join dispatcher threads carry their recorder in a field ({@link RecordingThread}) and
 * the agent's state for the thread in another ({@code RepriseState}), so the hot path needs no
 * thread-local; actor systems end the recording when the last one
 * terminates.
 */
final class ThreadsInstrumentation {
    private static final String RECORDER_FIELD = "reprise$recorder";

    private ThreadsInstrumentation() {}

    static AgentBuilder apply(AgentBuilder agent) {
        return agent.type(named(HookedTypes.FORK_JOIN_WORKER_THREAD))
                .transform((builder, type, loader, module, domain) -> StateField.add(builder)
                        .visit(new AddedField(
                                RECORDER_FIELD, ThreadRecorder.class, RecordingThread.class, "repriseRecorder")))
                .type(named(HookedTypes.ACTOR_SYSTEM_IMPL))
                .transform((builder, type, loader, module, domain) ->
                        builder.visit(Hooks.advice(Started.class, "start", named("start"))));
    }

    static final class Started {
        @Advice.OnMethodExit(suppress = Throwable.class)
        static void exit(@Advice.This Object system) {
            Lifecycle.systemStarted(system);
        }
    }
}
