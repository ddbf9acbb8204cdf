package dev.reprise.agent;

import akka.actor.ActorSystem;
import dev.reprise.agent.context.Mode;
import dev.reprise.agent.flavour.Flavour;
import dev.reprise.agent.health.AgentLog;
import dev.reprise.agent.health.TestFault;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * The recording ends, with a complete trace, when the last actor system terminates, or at JVM exit
 * once the systems that Akka terminates in its own shutdown hook have terminated. An agent started
 * in a class loader of the application's own ends at exit only: another loader (a plugin's) may
 * start another actor system at any time.
 */
public final class Lifecycle {
    /** How long an exit waits for Akka's coordinated shutdown, at most (Akka's own phases time out before). */
    private static final long EXIT_WAIT_SECONDS = 30;

    private final AtomicInteger liveSystems = new AtomicInteger();
    private final Set<ActorSystem> systems = ConcurrentHashMap.newKeySet();
    private volatile boolean ended;
    /** The run ends at JVM exit only, not when the last actor system terminates. */
    private final boolean untilExit;

    /** {@code untilExit}: the run ends at JVM exit only, not when the last actor system terminates. */
    public Lifecycle(boolean untilExit) {
        this.untilExit = untilExit;
    }

    /** ActorSystemImpl.start returned (the advice's entry). */
    public static void systemStarted(Object system) {
        try {
            TestFault.at("watching an actor system");
            Mode mode = Agent.mode;
            mode.lifecycle.started((ActorSystem) system, mode);
        } catch (Throwable e) {
            AgentLog.internalError("watching an actor system", e);
        }
    }

    private void started(ActorSystem s, Mode mode) {
        liveSystems.incrementAndGet();
        systems.add(s);
        if (ended) {
            AgentLog.warnOnce(
                    "late-system",
                    "an actor system started after the recording ended (when the last "
                            + "one terminated); it is not recorded");
        }
        try {
            s.registerOnTermination(() -> terminated(s, mode));
        } catch (java.util.concurrent.RejectedExecutionException alreadyTerminated) {
            terminated(s, mode); // it ended as it started (Akka Typed's guardian failed at once)
        }
    }

    private void terminated(ActorSystem system, Mode mode) {
        systems.remove(system);
        if (liveSystems.decrementAndGet() == 0 && !untilExit) {
            ended = true;
            mode.lastSystemTerminated();
        }
    }

    /**
     * At JVM exit ({@code System.exit}, a signal): systems whose coordinated shutdown runs in Akka's
     * own shutdown hook (Akka's default) stop their actors now; waits for them, so those last turns
     * are recorded (and, in replay, ordered) like any other.
     */
    public void awaitShutdownAtExit() {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(EXIT_WAIT_SECONDS);
        for (ActorSystem s : systems) {
            try {
                // Akka's hook exists once the CoordinatedShutdown extension is loaded (and is on by default).
                if (s.hasExtension(akka.actor.CoordinatedShutdown$.MODULE$)
                        && s.settings()
                                .config()
                                .getBoolean(Flavour.current()
                                        .config("akka.coordinated-shutdown.run-by-jvm-shutdown-hook"))) {
                    s.getWhenTerminated()
                            .toCompletableFuture()
                            .get(Math.max(0, deadline - System.nanoTime()), TimeUnit.NANOSECONDS);
                }
            } catch (TimeoutException e) {
                AgentLog.warn("actor system " + s.name() + " did not terminate within " + EXIT_WAIT_SECONDS
                        + " s of the exit; the trace ends without its last turns");
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                return;
            } catch (Exception e) {
                AgentLog.internalError("waiting for actor system " + s.name() + " at exit", e);
            }
        }
    }
}
