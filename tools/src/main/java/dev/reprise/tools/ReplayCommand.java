package dev.reprise.tools;

import dev.reprise.trace.ExitCodes;
import dev.reprise.trace.TraceFiles;
import dev.reprise.trace.TraceFormatException;
import dev.reprise.trace.TraceMetadata;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/** {@code reprise replay --trace DIR -- <java arguments>}: runs java with the agent replaying a trace. */
@Command(
        name = "replay",
        mixinStandardHelpOptions = true,
        description = {
            "Runs a Java program again under the Reprise agent, replaying a recorded trace: the same message "
                    + "order, actor ids, clock and random values, outside input and timer firings.",
            "Everything after -- is given to java, as when recording. With --print-jvm-args it only prints the JVM "
                    + "options to paste into an IDE run configuration.",
            "At its end it compares the program's standard output with the recording's (kept by reprise record) "
                    + "and says, in one line, whether it is identical or where it first differs.",
            "Exits with the program's exit code, 86 when the replay diverges (with a report on stderr), 87 when "
                    + "it reached the end of a truncated recording (the recorded JVM was killed or crashed), or 88 when "
                    + "it reached damage in a trace that claims a clean end (the report names the file, chunk and offset)."
        })
final class ReplayCommand implements Callable<Integer> {
    @Option(names = "--trace", paramLabel = "DIR", required = true, description = "The trace to replay.")
    Path trace;

    @Option(
            names = "--quiet",
            paramLabel = "DURATION",
            description =
                    "How long no actor may make progress before the " + "replay reports a divergence (default 10s).")
    String quiet;

    @Option(
            names = "--live",
            description = "Past the end of the recording, let the actors go on live (by default "
                    + "each stops where its recorded events end, so the program does exactly what was recorded).")
    boolean live;

    @Option(
            names = "--input-from-trace",
            description = "Take recorded outside input from the trace alone, without "
                    + "waiting for the program's threads to send it again: a server replayed without its clients (replies to "
                    + "recorded asks go to stand-ins). By default the program's threads send their input again, as when it "
                    + "reads the same input file.")
    boolean inputFromTrace;

    @Option(
            names = "--verbose",
            description = "When the replay diverges, report everything (every waiting actor, "
                    + "message group, event and stack frame); by default the report fits a screen.")
    boolean verbose;

    @Option(
            names = "--no-fingerprints",
            description = "Do not check the recorded fingerprints (each message's class, "
                    + "each turn's sends): for a program changed on purpose, e.g. a message class renamed, which then replays as "
                    + "far as its recorded message order goes.")
    boolean noFingerprints;

    @Option(
            names = "--allow-changed-program",
            description = "Replay although the main class or the arguments differ from the recorded command "
                    + "line (by default such a replay is refused, naming the difference).")
    boolean allowChangedProgram;

    @Option(
            names = "--check-output",
            description = "Exit 86 when the program's standard output differs from the recording's (e.g. a server's "
                    + "response hashes), even if every recorded event was replayed.")
    boolean checkOutput;

    @Option(names = "--print-jvm-args", description = "Print the JVM options for an IDE run configuration and exit.")
    boolean printJvmArgs;

    @Parameters(paramLabel = "JAVA_ARGS", arity = "0..*", description = "The java command line, after --.")
    List<String> javaArguments = new ArrayList<>();

    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    @Override
    public Integer call() throws Exception {
        // What the agent would refuse in the child JVM, refused here with the tools' message and exit code
        // (also before printing JVM options that could only fail in the IDE).
        TraceDirectory.checkReadable(trace);
        if (!Files.isRegularFile(TraceFiles.metadata(trace))) {
            throw new TraceFormatException(
                    TraceFiles.metadata(trace) + ": the metadata file is missing; replay needs it");
        }
        TraceMetadata.read(trace); // its format version
        List<String> jvm = List.of(
                "--sun-misc-unsafe-memory-access=allow",
                "-javaagent:" + AgentJar.locate() + "=replay,trace=" + trace.toAbsolutePath()
                        + (quiet == null ? "" : ",quiet=" + quiet) + (live ? ",end=live" : "")
                        + (inputFromTrace ? ",input=trace" : "")
                        + (verbose ? ",verbose=true" : "") + (noFingerprints ? ",fingerprints=false" : "")
                        + (allowChangedProgram ? ",changedProgram=true" : ""));
        if (printJvmArgs) {
            spec.commandLine().getOut().println(String.join(" ", jvm));
            return 0;
        }
        if (javaArguments.isEmpty()) {
            throw new CommandLine.ParameterException(
                    spec.commandLine(),
                    "give the java command line after --, "
                            + "e.g. reprise replay --trace t1 -- -cp app.jar com.acme.Main");
        }
        OutputComparison output = OutputComparison.of(trace, checkOutput);
        if (checkOutput && output == null) {
            throw new CommandLine.ParameterException(
                    spec.commandLine(),
                    "--check-output: " + trace + " holds no recorded output (" + TraceFiles.OUTPUT
                            + "); only reprise record keeps it");
        }
        List<String> cmd = new ArrayList<>();
        cmd.add(AgentJar.java());
        cmd.addAll(jvm);
        cmd.addAll(javaArguments);
        int status = ProgramJvm.run(cmd, output == null ? ProgramOutput.NONE : output);
        boolean replayStopped = status == ExitCodes.DIVERGED
                || status == ExitCodes.RECORDING_ENDED
                || status == ExitCodes.DAMAGE_REACHED;
        return checkOutput && output.differs() && !replayStopped ? ExitCodes.DIVERGED : status;
    }
}
