package dev.reprise.tools;

import dev.reprise.trace.ExitCodes;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStreamWriter;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.AccessDeniedException;
import java.nio.file.NoSuchFileException;
import java.util.Properties;
import picocli.CommandLine;
import picocli.CommandLine.Command;

/** The {@code reprise} command line: one subcommand per tool. */
@Command(
        name = "reprise",
        mixinStandardHelpOptions = true,
        versionProvider = RepriseCommand.Version.class,
        description = "Deterministic record and replay for Akka Classic programs: tools for traces.",
        subcommands = {
            RecordCommand.class,
            ReplayCommand.class,
            InspectCommand.class,
            VerifyCommand.class,
            StatsCommand.class,
            ViewCommand.class,
            DiffCommand.class,
            HuntCommand.class,
            dev.reprise.tools.bench.BenchCommand.class,
            CommandLine.HelpCommand.class
        },
        exitCodeListHeading = "%nExit codes:%n",
        exitCodeList = {
            ExitCodes.OK + ":success",
            ExitCodes.TRACE_PROBLEM + ":the trace has problems (see the message)",
            ExitCodes.USAGE + ":bad usage, or no trace where one was named",
            "0/1:hunt: a failing run was found and its trace kept / no run failed within the budget",
            "0/1/2:diff: the traces record the same orders / they differ / trouble (bad usage, no trace, a damaged trace)",
            ExitCodes.AGENT_ERRORS
                    + ":verify: the trace was recorded with agent errors, or the agent recorded nothing (see the message)",
            ExitCodes.DIVERGED + ":replay diverged from the recording (report on stderr)",
            ExitCodes.RECORDING_ENDED
                    + ":replay reached the end of a truncated recording (the recorded JVM was killed or crashed)",
            ExitCodes.DAMAGE_REACHED + ":replay reached damage in the trace (file, chunk and offset on stderr)",
            "other:record passes on the recorded program's exit code"
        })
public final class RepriseCommand implements Runnable {

    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    @Override
    public void run() {
        throw new CommandLine.ParameterException(
                spec.commandLine(),
                "name a command: " + String.join(", ", spec.subcommands().keySet()));
    }

    /** Builds the command line with Reprise's error handling. */
    public static CommandLine commandLine() {
        CommandLine cl = new CommandLine(new RepriseCommand());
        cl.setExecutionExceptionHandler(RepriseCommand::handle);
        cl.setParameterExceptionHandler(RepriseCommand::usageError);
        // One pair of writers for every subcommand, so main can flush what any of them printed.
        cl.setOut(new PrintWriter(new OutputStreamWriter(System.out, StandardCharsets.UTF_8), true));
        cl.setErr(new PrintWriter(new OutputStreamWriter(System.err, StandardCharsets.UTF_8), true));
        return cl;
    }

    public static void main(String[] args) {
        CommandLine cl = commandLine();
        int code = cl.execute(args);
        // picocli's writers flush on println only: whatever was printed must reach the user before exit.
        cl.getOut().flush();
        cl.getErr().flush();
        System.exit(code);
    }

    /**
     * Bad usage: one line naming the command, the problem and the option or argument (with
     * picocli's suggestion when an option name was mistyped) and pointing to the command's help;
     * exit 2. Not the whole usage text, which would bury the one line that matters.
     */
    private static int usageError(CommandLine.ParameterException e, String[] args) {
        CommandLine cl = e.getCommandLine();
        PrintWriter err = cl.getErr();
        String name = cl.getCommandSpec().qualifiedName();
        String message = e.getMessage();
        if (e instanceof CommandLine.UnmatchedArgumentException u
                && !u.getUnmatched().isEmpty()) {
            if (!cl.getSubcommands().isEmpty() && !u.getUnmatched().get(0).startsWith("-")) {
                message = "unknown command '" + u.getUnmatched().get(0) + "'; valid: "
                        + String.join(", ", cl.getSubcommands().keySet());
            } else if (u.isUnknownOption() && !u.getSuggestions().isEmpty()) {
                message += "; did you mean " + String.join(" or ", u.getSuggestions()) + "?";
            }
        }
        err.println(name + ": " + message + " (see " + name + " --help)");
        return ExitCodes.USAGE;
    }

    /** A clear one-line message for I/O and trace errors, never a bare stack trace. */
    private static int handle(Exception e, CommandLine cl, CommandLine.ParseResult parsed) {
        PrintWriter err = cl.getErr();
        String name = cl.getCommandSpec().qualifiedName();
        if (e instanceof NoSuchFileException n) {
            err.println(name + ": " + n.getFile() + ": " + (n.getReason() == null ? "no such file" : n.getReason()));
            return ExitCodes.USAGE;
        }
        if (e instanceof AccessDeniedException a) {
            err.println(name + ": " + a.getFile() + ": permission denied");
            return ExitCodes.USAGE;
        }
        if (e instanceof IllegalStateException) {
            err.println(name + ": " + e.getMessage());
            return ExitCodes.USAGE;
        }
        if (e instanceof IOException) {
            err.println(name + ": " + e.getMessage());
            return ExitCodes.TRACE_PROBLEM;
        }
        err.println(name + ": internal error: " + e);
        e.printStackTrace(err);
        return ExitCodes.INTERNAL_ERROR;
    }

    /** The version from the build. */
    static final class Version implements CommandLine.IVersionProvider {
        @Override
        public String[] getVersion() throws IOException {
            Properties p = new Properties();
            try (InputStream in = RepriseCommand.class.getResourceAsStream("version.properties")) {
                if (in != null) {
                    p.load(in);
                }
            }
            return new String[] {
                "reprise " + p.getProperty("version", "(unknown version)"),
                "trace format version 1, " + System.getProperty("java.vm.name") + " "
                        + System.getProperty("java.version")
            };
        }
    }
}
