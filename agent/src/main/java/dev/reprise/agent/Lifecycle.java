package dev.reprise.agent;

import akka.actor.ActorSystem;
import java.util.concurrent.atomic.AtomicInteger;

/** The recording ends, with a complete trace, when the last actor system terminates (or the JVM exits). */
public final class Lifecycle {
    private static final AtomicInteger liveSystems = new AtomicInteger();
    private static volatile boolean ended;

    private Lifecycle() {}

    /** ActorSystemImpl.start returned. */
    public static void systemStarted(Object system) {
        try {
            liveSystems.incrementAndGet();
            if (ended) {
                AgentLog.warnOnce("late-system", "an actor system started after the recording ended (when the last "
                        + "one terminated); it is not recorded");
            }
            ((ActorSystem) system).registerOnTermination(Lifecycle::systemTerminated);
        } catch (Throwable e) {
            AgentLog.internalError("watching an actor system", e);
        }
    }

    private static void systemTerminated() {
        if (liveSystems.decrementAndGet() == 0) {
            ended = true;
            if (Agent.recorder != null) {
                AgentLog.info("the last actor system terminated: finishing the trace");
                Agent.recorder.close();
            } else {
                ReplaySummary.print();
            }
        }
    }
}
