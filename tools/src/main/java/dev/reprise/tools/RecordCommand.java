package dev.reprise.tools;

import dev.reprise.trace.ExitCodes;
import dev.reprise.trace.TraceFiles;
import dev.reprise.trace.TraceMetadata;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/** {@code reprise record --trace DIR -- <java arguments>}: runs java with the agent recording. */
@Command(
        name = "record",
        mixinStandardHelpOptions = true,
        description = {
            "Runs a Java program with the Reprise agent recording it into a trace directory.",
            "Everything after -- is given to java: e.g. reprise record --trace t1 -- -cp app.jar com.acme.Main.",
            "The program's standard output is kept in the trace directory (output.txt), so that a replay can compare "
                    + "its own with it.",
            "Exits with the program's exit code, or 89 when nothing could be recorded (an Akka or Pekko the agent "
                    + "does not support: it says why, and the program's own exit code)."
        })
final class RecordCommand implements Callable<Integer> {
    @Option(
            names = "--trace",
            paramLabel = "DIR",
            required = true,
            description = "Where to write the trace (must not hold one yet).")
    Path trace;

    @Option(
            names = {"-o", "--option"},
            paramLabel = "KEY=VALUE",
            description = "An agent option, e.g. -o bufferSize=256k -o overflow=drop -o include=com.acme. "
                    + "Options: bufferSize, bufferMemory, flushInterval, overflow, smallIds, compress, fingerprints, dataMemory, "
                    + "sync (none|interval|always: when the trace is forced to disk), include, exclude, log, "
                    + "perturb ([STRATEGY:]SEED: a perturbed schedule, as reprise hunt runs it).")
    List<String> options = new ArrayList<>();

    @Parameters(paramLabel = "JAVA_ARGS", arity = "0..*", description = "The java command line, after --.")
    List<String> javaArguments = new ArrayList<>();

    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    @Override
    public Integer call() throws Exception {
        for (String o : options) {
            if (o.indexOf('=') < 1) {
                throw new CommandLine.ParameterException(
                        spec.commandLine(), "--option expects KEY=VALUE, got '" + o + "'");
            }
        }
        if (javaArguments.isEmpty()) {
            throw new CommandLine.ParameterException(
                    spec.commandLine(),
                    "give the java command line after --, "
                            + "e.g. reprise record --trace t1 -- -cp app.jar com.acme.Main");
        }
        // What the agent would refuse after the JVM started, refused here with the tools' message.
        if (Files.isRegularFile(trace)) {
            throw new CommandLine.ParameterException(
                    spec.commandLine(), "--trace " + trace + " is a file; name a directory to record into");
        }
        if (Files.exists(TraceFiles.events(trace))) {
            throw new CommandLine.ParameterException(
                    spec.commandLine(),
                    "--trace " + trace + " already holds a trace (" + TraceFiles.EVENTS
                            + "); choose another directory or delete it");
        }
        int status = ProgramJvm.run(command(trace, options, javaArguments), new RecordedOutput(trace));
        String notRecorded = notRecorded();
        if (notRecorded != null) {
            spec.commandLine()
                    .getErr()
                    .printf(
                            "[reprise] nothing was recorded in %s: %s. The program ran without the agent's hooks "
                                    + "and exited with status %d.%n",
                            trace, notRecorded, status);
            return ExitCodes.NOT_RECORDED;
        }
        return status;
    }

    /** The java command line that records {@code javaArguments} into {@code trace} with agent {@code options} (KEY=VALUE). */
    static List<String> command(Path trace, List<String> options, List<String> javaArguments) {
        StringBuilder agent = new StringBuilder("record,trace=").append(trace.toAbsolutePath());
        for (String o : options) {
            agent.append(',').append(o);
        }
        List<String> cmd = new ArrayList<>();
        cmd.add(AgentJar.java());
        cmd.add("--sun-misc-unsafe-memory-access=allow"); // Akka 2.6 uses sun.misc.Unsafe
        cmd.add("-javaagent:" + AgentJar.locate() + "=" + agent);
        cmd.addAll(javaArguments);
        return cmd;
    }

    /** Why the agent recorded nothing into the trace, or null when it recorded (or left no metadata to say). */
    private String notRecorded() {
        try {
            return TraceMetadata.read(trace).notRecorded();
        } catch (IOException | RuntimeException e) {
            return null; // verify says what is wrong with the trace
        }
    }
}
