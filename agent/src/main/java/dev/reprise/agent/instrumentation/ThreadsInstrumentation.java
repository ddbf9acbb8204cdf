package dev.reprise.agent.instrumentation;

import static net.bytebuddy.matcher.ElementMatchers.named;

import dev.reprise.runtime.RecordingThread;
import dev.reprise.runtime.ThreadRecorder;
import net.bytebuddy.agent.builder.AgentBuilder;

/**
 * Akka's fork-join dispatcher threads carry their recorder in a field ({@link RecordingThread}) and
 * the agent's state for the thread in another ({@code RepriseState}), so the hot path needs no
 * thread-local.
 */
final class ThreadsInstrumentation {
    private static final String RECORDER_FIELD = "reprise$recorder";

    private ThreadsInstrumentation() {}

    static AgentBuilder apply(AgentBuilder agent) {
        return agent.type(named(HookedTypes.FORK_JOIN_WORKER_THREAD))
                .transform((builder, type, loader, module, domain) -> StateField.add(builder)
                        .visit(new AddedField(
                                RECORDER_FIELD, ThreadRecorder.class, RecordingThread.class, "repriseRecorder")));
    }
}
