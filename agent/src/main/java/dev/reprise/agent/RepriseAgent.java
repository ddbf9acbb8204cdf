package dev.reprise.agent;

import dev.reprise.agent.instrumentation.Instrumentations;
import dev.reprise.api.spi.Backends;
import dev.reprise.runtime.Recorder;
import dev.reprise.runtime.RecordingBackend;
import java.io.IOException;
import java.lang.instrument.Instrumentation;

/**
 * The Reprise agent: {@code -javaagent:reprise-agent.jar=record,trace=DIR[,key=value...]}.
 * It starts the recorder and instruments Akka Classic, Scala futures and the application's calls
 * to the clock and random generators, before the application's main method runs. Bad options stop
 * the JVM with a message; failures later never stop the application.
 */
public final class RepriseAgent {
    private RepriseAgent() {}

    public static void premain(String argument, Instrumentation inst) {
        AgentOptions options;
        try {
            options = AgentOptions.parse(argument, System.getProperty("sun.java.command", "unknown"));
        } catch (IllegalArgumentException e) {
            fail(e.getMessage());
            return;
        }
        if (options.mode().equals("replay")) {
            fail("replay is not available in this build yet; record with record,trace=DIR");
            return;
        }
        AgentLog.level(options.log());
        Recorder recorder;
        try {
            recorder = Recorder.start(options.recorder());
        } catch (IOException e) {
            fail("cannot record to " + options.recorder().traceDir() + ": " + e.getMessage());
            return;
        }
        Agent.recorder = recorder;
        Agent.options = options;
        try {
            Instrumentations.install(inst, options::recordsCallsIn);
            Backends.install(new RecordingBackend(recorder));
        } catch (Throwable e) {
            AgentLog.internalError("installing the agent", e);
        }
        AgentLog.info("recording to " + options.recorder().traceDir());
    }

    private static void fail(String message) {
        System.err.println("[reprise] " + message);
        System.err.flush();
        System.exit(2);
    }
}
