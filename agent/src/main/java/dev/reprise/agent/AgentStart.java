package dev.reprise.agent;

import dev.reprise.agent.actor.AgentActor;
import dev.reprise.agent.context.AgentThread;
import dev.reprise.agent.context.Mode;
import dev.reprise.agent.context.ProgramSignals;
import dev.reprise.agent.context.SystemCalls;
import dev.reprise.agent.context.TraceFeatures;
import dev.reprise.agent.flavour.Flavour;
import dev.reprise.agent.health.AgentHealth;
import dev.reprise.agent.health.AgentLog;
import dev.reprise.agent.instrumentation.Instrumentations;
import dev.reprise.agent.record.RecordMode;
import dev.reprise.agent.replay.ReplayBackend;
import dev.reprise.agent.replay.ReplayMode;
import dev.reprise.api.spi.Backends;
import dev.reprise.replay.Replay;
import dev.reprise.runtime.Recorder;
import dev.reprise.runtime.RecordingBackend;
import dev.reprise.trace.ExitCodes;
import java.io.IOException;
import java.lang.instrument.Instrumentation;
import java.util.Map;

/**
 * The agent's start, once {@link RepriseAgent} chose the flavour, for its argument
 * ({@code record,trace=DIR[,key=value...]} or {@code replay,trace=DIR[,...]}). It instruments Akka (or
 * Pekko), Scala futures and the JDK's clock and random generators (most of it on a thread of its
 * own, while the application starts: see {@code Instrumentations}), and records, or replays a
 * recording. Record or replay is chosen here, once: the {@link Mode} made here owns the agent's
 * state from then on ({@link Agent#mode}). Bad options stop the JVM with a message; failures of the
 * recorder later never stop the application; a replay that diverges stops with a report.
 */
final class AgentStart {
    /** Whether a failure to start stops the JVM (premain), or is thrown to the caller (agentmain, a test). */
    private final boolean exitOnError;

    private final Instrumentation inst;

    private AgentStart(Instrumentation inst, boolean exitOnError) {
        this.inst = inst;
        this.exitOnError = exitOnError;
    }

    /** Starts the agent; {@code exitOnError}: a failure to start stops the JVM, else it is thrown. */
    static void start(String argument, Instrumentation inst, boolean exitOnError) {
        new AgentStart(inst, exitOnError).start(argument);
    }

    private void start(String argument) {
        long started = System.nanoTime();
        try {
            start0(argument);
        } catch (LinkageError e) { // no Akka (or no Scala) on the class path: the application runs without the agent
            AgentHealth.refuse(withoutAkka(e));
        } finally {
            AgentLog.debug("premain took " + (System.nanoTime() - started) / 1_000_000 + " ms");
        }
    }

    private static String withoutAkka(LinkageError e) {
        return "no Akka or Pekko (and Scala) on the application's class path (" + e + "): " + Flavour.SUPPORTED
                + " that the application class loader loads (a class path, a fat jar, a lib/*.jar distribution), "
                + "not one in nested jars (a Spring Boot jar) or in a class loader of its own yet";
    }

    private void start0(String argument) {
        AgentOptions options;
        try {
            options = AgentOptions.parse(argument, System.getProperty("sun.java.command", "unknown"));
        } catch (IllegalArgumentException e) {
            fail(e.getMessage());
            return;
        }
        AgentLog.level(options.log());
        if (options.mode().equals("replay")) {
            startReplay(options);
        } else {
            startRecording(options);
        }
    }

    private void startRecording(AgentOptions options) {
        Recorder recorder;
        try {
            Map<String, String> settings = new java.util.LinkedHashMap<>(options.callFilters());
            settings.put(TraceFeatures.SETTING, String.join(",", TraceFeatures.RECORDED));
            settings.put(
                    ProgramCheck.CLASS_PATH_SETTING,
                    ProgramCheck.classPathDigest(System.getProperty("java.class.path")));
            recorder = Recorder.startWithoutMBean(options.recorder(), settings);
        } catch (IOException e) {
            fail("cannot record to " + options.recorder().traceDir() + ": " + e.getMessage());
            return;
        }
        RecordMode mode;
        try {
            mode = new RecordMode(recorder, options.recorder().fingerprints());
        } catch (LinkageError e) { // the trace says why nothing is in it
            AgentLog.warnOnce(
                    "refused",
                    withoutAkka(e) + ": this run is not recorded; the application runs without the agent's hooks");
            recorder.refuse(withoutAkka(e));
            return;
        }
        begin(mode);
        recorder.beforeExitClose(mode.lifecycle::awaitShutdownAtExit);
        if (exitOnError) {
            ProgramSignals.install(); // a run ended by a signal says so in its trace
        }
        try {
            Instrumentations.install(inst, options::recordsCallsIn, false, options.cache(), recorder::registerMBean);
            Backends.install(SystemCalls.unhooked(new RecordingBackend(recorder, () -> {
                AgentActor owner = AgentThread.current().callOwner();
                return owner;
            })));
        } catch (Throwable e) {
            AgentLog.internalError("installing the agent", e);
        }
        AgentLog.info("recording to " + options.recorder().traceDir());
    }

    private void startReplay(AgentOptions options) {
        ReplayMode mode;
        try {
            mode = new ReplayMode(
                    options.replayTrace(),
                    options.inputFromTrace(),
                    options.quiet(),
                    options.liveAfterEnd(),
                    options.verbose(),
                    exitOnError);
        } catch (IOException e) {
            fail("cannot replay " + options.replayTrace() + ": " + e.getMessage());
            return;
        }
        String recordedProgram = mode.replay().metadata().program();
        String changed = exitOnError && !options.allowChangedProgram()
                ? ProgramCheck.difference(recordedProgram, System.getProperty("sun.java.command"))
                : null;
        if (changed != null) {
            fail("the trace " + options.replayTrace() + " recorded another command line: " + changed
                    + ". Replay it with the recorded one (" + recordedProgram + "), or pass "
                    + "--allow-changed-program (agent option changedProgram=true) to replay this one anyway");
            return;
        }
        String recordedClasses = mode.replay().metadata().settings().get(ProgramCheck.CLASS_PATH_SETTING);
        if (exitOnError
                && recordedClasses != null
                && !recordedClasses.equals(ProgramCheck.classPathDigest(System.getProperty("java.class.path")))) {
            AgentLog.warn("the class path or its classes differ from the recording's (another class path, or the "
                    + "program rebuilt since): if its code changed, the replay may stop where it does");
        }
        Replay replay = mode.replay();
        if (replay.metadata().notRecorded() != null) {
            fail("cannot replay " + options.replayTrace() + ": nothing was recorded in it: "
                    + replay.metadata().notRecorded());
            return;
        }
        if (!replay.metadata().agentErrors().isEmpty()) {
            AgentLog.warn("the trace " + options.replayTrace() + " was recorded with agent errors ("
                    + replay.metadata().agentErrorsText() + "): it may not replay exactly");
        }
        Map<String, String> recorded = replay.metadata().settings();
        AgentOptions withFilters =
                options.withCallFilters(recorded.getOrDefault("include", ""), recorded.getOrDefault("exclude", ""));
        replay.checkFingerprints(options.fingerprints());
        begin(mode);
        if (!replay.metadata().cleanEnd()) {
            AgentLog.warn("the trace " + options.replayTrace()
                    + " did not end cleanly: the replay follows it as far as it goes");
        }
        try {
            Instrumentations.install(inst, withFilters::recordsCallsIn, true, options.cache(), null);
            Backends.install(SystemCalls.unhooked(new ReplayBackend()));
        } catch (Throwable e) {
            AgentLog.internalError("installing the agent", e);
            fail("cannot replay without the instrumentation");
        }
        if (exitOnError) {
            Runtime.getRuntime().addShutdownHook(new Thread(mode::atExit, "reprise-replay-summary"));
            ProgramSignals.install();
        }
        AgentLog.info("replaying " + options.replayTrace());
    }

    /** The mode is chosen: from here on the hooks reach it; {@code main} is the root of every thread's lineage. */
    private static void begin(Mode mode) {
        Agent.mode = mode;
        mode.lineage.startOnMain();
    }

    private void fail(String message) {
        if (!exitOnError) {
            throw new IllegalStateException(message);
        }
        System.err.println("[reprise] " + message);
        System.err.flush();
        System.exit(ExitCodes.USAGE);
    }
}
