package dev.reprise.agent;

import dev.reprise.agent.actor.AgentActor;
import dev.reprise.agent.context.AgentCopy;
import dev.reprise.agent.context.AgentThread;
import dev.reprise.agent.context.Mode;
import dev.reprise.agent.context.ProgramSignals;
import dev.reprise.agent.context.SystemCalls;
import dev.reprise.agent.context.TraceFeatures;
import dev.reprise.agent.flavour.Flavour;
import dev.reprise.agent.health.AgentHealth;
import dev.reprise.agent.health.AgentLog;
import dev.reprise.agent.instrumentation.Instrumentations;
import dev.reprise.agent.record.PerturbedRecordMode;
import dev.reprise.agent.record.RecordMode;
import dev.reprise.agent.replay.ReplayBackend;
import dev.reprise.agent.replay.ReplayMode;
import dev.reprise.api.spi.Backends;
import dev.reprise.replay.Replay;
import dev.reprise.runtime.Recorder;
import dev.reprise.runtime.RecordingBackend;
import dev.reprise.trace.ExitCodes;
import dev.reprise.trace.TraceMetadata;
import java.io.IOException;
import java.lang.instrument.ClassFileTransformer;
import java.lang.instrument.Instrumentation;
import java.nio.file.Path;
import java.util.Map;
import java.util.function.Predicate;

/**
 * The agent's start, once {@link RepriseAgent} chose the flavour, for its argument
 * ({@code record,trace=DIR[,key=value...]} or {@code replay,trace=DIR[,...]}). It instruments Akka (or
 * Pekko), Scala futures and the JDK's clock and random generators (most of it on a thread of its
 * own, while the application starts: see {@code Instrumentations}), and records, or replays a
 * recording. Record or replay is chosen here, once: the {@link Mode} made here owns the agent's
 * state from then on ({@link Agent#mode}). With no Akka on the application's class path, it starts
 * in two steps: the JDK's hooks and a recording's trace at premain, the rest in the class loader
 * that has the application's Akka, by a copy of the agent's classes there ({@link LoaderStart}).
 * Bad options stop the JVM with a message; failures of the
 * recorder later never stop the application; a replay that diverges stops with a report.
 */
final class AgentStart {
    /** Whether a failure to start stops the JVM (premain), or is thrown to the caller (agentmain, a test). */
    private final boolean exitOnError;

    private final Instrumentation inst;

    /**
     * Null when this copy of the agent starts with the JVM; else the recorder started then (null
     * for a replay), for a copy that the class loader of the application's Akka defines and
     * starts ({@link LoaderStart}).
     */
    private final Placement placement;

    /** The transformer of the Akka and Scala types, for a copy in the class loader of the application's Akka. */
    private ClassFileTransformer front;

    /**
     * Where this copy of the agent runs: in the class loader of the application's Akka, with what
     * started before, as copy {@code copy} ({@link AgentCopy}).
     */
    private record Placement(Recorder recorder, Thread main, AgentCopy copy) {}

    private AgentStart(Instrumentation inst, boolean exitOnError, Placement placement) {
        this.inst = inst;
        this.exitOnError = exitOnError;
        this.placement = placement;
    }

    /** Starts the agent; {@code exitOnError}: a failure to start stops the JVM, else it is thrown. */
    static void start(String argument, Instrumentation inst, boolean exitOnError) {
        new AgentStart(inst, exitOnError, null).start(argument);
    }

    /**
     * Starts this copy of the agent, which the class loader of the application's Akka defines, as
     * that loader defines its first class; {@code recorder}: the one started with the JVM (null
     * for a replay); {@code main}: the JVM's main thread; {@code copy}: which copy this is, with what
     * it shares with the copies in other loaders. Returns the transformer of the Akka and Scala types, which {@link
     * LoaderStart} passes that loader's classes to from now on (null if the agent did not start).
     */
    static ClassFileTransformer startInLoader(
            String argument,
            Instrumentation inst,
            boolean exitOnError,
            Recorder recorder,
            Thread main,
            AgentCopy copy) {
        AgentStart start = new AgentStart(inst, exitOnError, new Placement(recorder, main, copy));
        start.start(argument);
        return start.front;
    }

    /**
     * Starts the agent when the application's class path has no Akka: a class loader of its own
     * may load it (a Spring Boot jar's, a plugin's). The JDK is hooked and a recording's trace
     * begun now; the rest starts in that loader ({@link LoaderStart}).
     */
    static void startBeforeAkka(String argument, Instrumentation inst) {
        AgentStart start = new AgentStart(inst, true, null);
        AgentOptions options = start.options(argument);
        if (options == null) {
            return;
        }
        AgentLog.level(options.log());
        Predicate<String> callSitesIn = options::recordsCallsIn;
        Recorder recorder = null;
        if (options.mode().equals("replay")) {
            AgentOptions recorded = start.withRecordedFilters(options);
            if (recorded == null) {
                return;
            }
            callSitesIn = recorded::recordsCallsIn;
        } else {
            recorder = start.startRecorder(options);
            if (recorder == null) {
                return;
            }
        }
        LoaderStart.await(argument, inst, recorder, Instrumentations.hookJdkAhead(inst, callSitesIn));
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
        return "no Akka or Pekko (and Scala) that the agent's classes link to (" + e + "): " + Flavour.SUPPORTED
                + " on the application's class path, or in a class loader of the application's own that has it";
    }

    /** The agent's options, or null when they are wrong (and the start has failed, saying so). */
    private AgentOptions options(String argument) {
        try {
            return AgentOptions.parse(argument, System.getProperty("sun.java.command", "unknown"));
        } catch (IllegalArgumentException e) {
            fail(e.getMessage());
            return null;
        }
    }

    private void start0(String argument) {
        AgentOptions options = options(argument);
        if (options == null) {
            return;
        }
        AgentLog.level(options.log());
        if (options.mode().equals("replay")) {
            startReplay(options);
        } else {
            startRecording(options);
        }
    }

    /** The recording's trace begun, or null when it cannot be (and the start has failed, saying so). */
    private Recorder startRecorder(AgentOptions options) {
        try {
            Map<String, String> settings = new java.util.LinkedHashMap<>(options.callFilters());
            settings.put(TraceFeatures.SETTING, String.join(",", TraceFeatures.RECORDED));
            settings.put(
                    ProgramCheck.CLASS_PATH_SETTING,
                    ProgramCheck.classPathDigest(System.getProperty("java.class.path")));
            if (options.perturbation() != null) {
                settings.put(TraceMetadata.PERTURBATION, options.perturbation().text());
            }
            return Recorder.startWithoutMBean(options.recorder(), settings);
        } catch (IOException e) {
            fail("cannot record to " + options.recorder().traceDir() + ": " + e.getMessage());
            return null;
        }
    }

    private void startRecording(AgentOptions options) {
        Recorder recorder = placement != null ? placement.recorder() : startRecorder(options);
        if (recorder == null) {
            return;
        }
        RecordMode mode;
        try {
            mode = options.perturbation() == null
                    ? new RecordMode(recorder, options.recorder().fingerprints(), copy())
                    : new PerturbedRecordMode(
                            recorder, options.recorder().fingerprints(), copy(), options.perturbation());
        } catch (LinkageError e) { // the trace says why nothing is in it
            AgentLog.warnOnce(
                    "refused",
                    withoutAkka(e) + ": this run is not recorded; the application runs without the agent's hooks");
            recorder.refuse(withoutAkka(e));
            return;
        }
        begin(mode);
        recorder.beforeExitClose(mode.lifecycle::awaitShutdownAtExit);
        boolean first = mode.copy.first(); // the JVM's signals, the recorder's MBean and the API's backend: once
        if (exitOnError && first) {
            ProgramSignals.install(); // a run ended by a signal says so in its trace
        }
        try {
            install(options::recordsCallsIn, false, options.cache(), first ? recorder::registerMBean : null);
            if (first) {
                Backends.install(SystemCalls.unhooked(new RecordingBackend(recorder, () -> {
                    AgentActor owner = AgentThread.current().callOwner();
                    return owner;
                })));
            }
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
                    exitOnError,
                    copy());
        } catch (IOException e) {
            fail("cannot replay " + options.replayTrace() + ": " + e.getMessage());
            return;
        }
        if (mode.copy.first()) {
            checkReplay(options, mode);
        }
        begin(mode);
        try {
            install(
                    withRecordedFilters(options, mode.replay().metadata())::recordsCallsIn,
                    true,
                    options.cache(),
                    null);
            if (mode.copy.first()) {
                Backends.install(SystemCalls.unhooked(new ReplayBackend()));
            }
        } catch (Throwable e) {
            AgentLog.internalError("installing the agent", e);
            fail("cannot replay without the instrumentation");
        }
        if (exitOnError) {
            Runtime.getRuntime().addShutdownHook(new Thread(mode::atExit, "reprise-replay-summary"));
            if (mode.copy.first()) {
                ProgramSignals.install();
            }
        }
        AgentLog.info("replaying " + options.replayTrace());
    }

    /** What the first copy says before a replay starts, and the checks that stop it (said). */
    private void checkReplay(AgentOptions options, ReplayMode mode) {
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
        replay.checkFingerprints(options.fingerprints());
        if (!replay.metadata().cleanEnd()) {
            AgentLog.warn("the trace " + options.replayTrace()
                    + " did not end cleanly: the replay follows it as far as it goes");
        }
    }

    /** The Akka and Scala instrumentation, and the JDK's unless it was hooked before Akka loaded. */
    private void install(Predicate<String> callSitesIn, boolean replay, Path cache, Runnable later) {
        if (placement == null) {
            Instrumentations.install(inst, callSitesIn, replay, cache, later);
        } else {
            front = Instrumentations.installInLoader(replay, cache, later);
        }
    }

    /** A replay's options with the recording's include and exclude scope, or null when the trace cannot be read (said). */
    private AgentOptions withRecordedFilters(AgentOptions options) {
        try {
            return withRecordedFilters(options, TraceMetadata.read(options.replayTrace()));
        } catch (IOException e) {
            fail("cannot replay " + options.replayTrace() + ": " + e.getMessage());
            return null;
        }
    }

    private static AgentOptions withRecordedFilters(AgentOptions options, TraceMetadata metadata) {
        Map<String, String> recorded = metadata.settings();
        return options.withCallFilters(recorded.getOrDefault("include", ""), recorded.getOrDefault("exclude", ""));
    }

    /** Which copy of the agent's classes this is: the only one, or as {@link LoaderStart} numbered it. */
    private AgentCopy copy() {
        return placement != null ? placement.copy() : AgentCopy.only();
    }

    /** The mode is chosen: from here on the hooks reach it. */
    private void begin(Mode mode) {
        mode.begin(placement != null ? placement.main() : Thread.currentThread());
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
