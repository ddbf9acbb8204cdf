package dev.reprise.agent;

import dev.reprise.agent.actor.ActorIds;
import dev.reprise.agent.actor.AgentActor;
import dev.reprise.agent.context.AgentThread;
import dev.reprise.agent.context.SourceCalls;
import dev.reprise.agent.context.ThreadLineage;
import dev.reprise.agent.health.AgentHealth;
import dev.reprise.agent.health.AgentLog;
import dev.reprise.agent.instrumentation.Instrumentations;
import dev.reprise.agent.record.RecordMode;
import dev.reprise.agent.replay.AgentReplaySupport;
import dev.reprise.agent.replay.ReplayBackend;
import dev.reprise.agent.replay.ReplayMode;
import dev.reprise.agent.replay.ReplaySignals;
import dev.reprise.agent.replay.ReplaySummary;
import dev.reprise.api.spi.Backends;
import dev.reprise.replay.Replay;
import dev.reprise.runtime.Recorder;
import dev.reprise.runtime.RecordingBackend;
import java.io.IOException;
import java.lang.instrument.Instrumentation;
import java.util.Map;

/**
 * The Reprise agent: {@code -javaagent:reprise-agent.jar=record,trace=DIR[,key=value...]} or
 * {@code =replay,trace=DIR[,quiet=10s][,end=stop|live][,verbose=true]}. It instruments Akka Classic, Scala futures and
 * the JDK's clock and random generators (most of it on a thread of its own, while the application
 * starts: see {@code Instrumentations}), and records, or replays a recording. Bad options stop the JVM with a message; failures
 * of the recorder later never stop the application; a replay that diverges stops with a report.
 */
public final class RepriseAgent {
    private RepriseAgent() {}

    public static void premain(String argument, Instrumentation inst) {
        exitOnError = true;
        start(argument, inst);
    }

    /**
     * Attaching to a running JVM (the JUnit extension): nothing of Akka or Scala may have been
     * loaded yet; errors are thrown instead of stopping the JVM, and a divergence is kept for the
     * test to report instead of stopping the JVM.
     */
    public static void agentmain(String argument, Instrumentation inst) {
        exitOnError = false;
        start(argument, inst);
    }

    private static boolean exitOnError = true;

    private static void start(String argument, Instrumentation inst) {
        long started = System.nanoTime();
        try {
            start0(argument, inst);
        } catch (LinkageError e) { // no Akka (or no Scala) on the class path: the application runs without the agent
            AgentHealth.refuse("the agent cannot start without Akka and Scala on the application's class path (" + e + ")");
        } finally {
            AgentLog.debug("premain took " + (System.nanoTime() - started) / 1_000_000 + " ms");
        }
    }

    private static void start0(String argument, Instrumentation inst) {
        AgentOptions options;
        try {
            options = AgentOptions.parse(argument, System.getProperty("sun.java.command", "unknown"));
        } catch (IllegalArgumentException e) {
            fail(e.getMessage());
            return;
        }
        AgentLog.level(options.log());
        ThreadLineage.startOnMain();
        if (options.mode().equals("replay")) {
            startReplay(options, inst);
        } else {
            startRecording(options, inst);
        }
    }

    private static void startRecording(AgentOptions options, Instrumentation inst) {
        Recorder recorder;
        try {
            recorder = Recorder.startWithoutMBean(options.recorder(), options.callFilters());
        } catch (IOException e) {
            fail("cannot record to " + options.recorder().traceDir() + ": " + e.getMessage());
            return;
        }
        Agent.recorder = recorder;
        Agent.mode = new RecordMode(recorder, options.recorder().fingerprints());
        recorder.beforeExitClose(Lifecycle::awaitShutdownAtExit);
        try {
            Instrumentations.install(inst, options::recordsCallsIn, false, options.cache(),
                    recorder::registerMBean);
            Backends.install(SourceCalls.unhooked(new RecordingBackend(recorder, () -> {
                AgentActor owner = AgentThread.current().callOwner();
                return owner;
            })));
        } catch (Throwable e) {
            AgentLog.internalError("installing the agent", e);
        }
        AgentLog.info("recording to " + options.recorder().traceDir());
    }

    private static void startReplay(AgentOptions options, Instrumentation inst) {
        Replay replay;
        try {
            replay = Replay.open(options.replayTrace(), new AgentReplaySupport(options.inputFromTrace()), options.quiet(), options.liveAfterEnd(),
                    options.verbose(), exitOnError);
        } catch (IOException e) {
            fail("cannot replay " + options.replayTrace() + ": " + e.getMessage());
            return;
        }
        if (replay.metadata().notRecorded() != null) {
            fail("cannot replay " + options.replayTrace() + ": nothing was recorded in it: " + replay.metadata().notRecorded());
            return;
        }
        if (!replay.metadata().agentErrors().isEmpty()) {
            AgentLog.warn("the trace " + options.replayTrace() + " was recorded with agent errors ("
                    + replay.metadata().agentErrorsText() + "): it may not replay exactly");
        }
        Map<String, String> recorded = replay.metadata().settings();
        AgentOptions withFilters = options.withCallFilters(recorded.getOrDefault("include", ""),
                recorded.getOrDefault("exclude", ""));
        Agent.replay = replay;
        replay.checkFingerprints(options.fingerprints());
        Agent.mode = new ReplayMode(replay);
        ActorIds.replaying();
        if (!replay.metadata().cleanEnd()) {
            AgentLog.warn("the trace " + options.replayTrace() + " did not end cleanly: the replay follows it as far as it goes");
        }
        try {
            Instrumentations.install(inst, withFilters::recordsCallsIn, true, options.cache(), null);
            Backends.install(SourceCalls.unhooked(new ReplayBackend()));
        } catch (Throwable e) {
            AgentLog.internalError("installing the agent", e);
            fail("cannot replay without the instrumentation");
        }
        if (exitOnError) {
            Runtime.getRuntime().addShutdownHook(new Thread(ReplaySummary::atExit, "reprise-replay-summary"));
            ReplaySignals.install(replay);
        }
        AgentLog.info("replaying " + options.replayTrace());
    }
    private static void fail(String message) {
        if (!exitOnError) {
            throw new IllegalStateException(message);
        }
        System.err.println("[reprise] " + message);
        System.err.flush();
        System.exit(2);
    }
}
