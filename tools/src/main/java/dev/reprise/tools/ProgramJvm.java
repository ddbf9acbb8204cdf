package dev.reprise.tools;

import java.io.IOException;
import java.io.InputStream;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * The user's program, recorded or replayed in a JVM of its own that shares this one's terminal. A
 * child outlives its parent, so when this JVM is stopped (SIGTERM, or Ctrl-C) it passes the stop on:
 * SIGTERM to the program, which then ends as it would have been stopped directly (a recording
 * closes its trace, a replay says how far it got), and this JVM exits with the program's status.
 * Its standard output passes through this JVM, which keeps a copy ({@link ProgramOutput}).
 */
final class ProgramJvm {
    /** How long a stopped program may take to end before it is killed (its recording's trace stays readable). */
    static final long STOP_SECONDS = 30;

    private ProgramJvm() {}

    /**
     * Runs {@code command} to its end, its standard output copied to {@code output} as well as to
     * this terminal; returns its exit status, after what {@code output} says at the end.
     */
    static int run(List<String> command, ProgramOutput output) throws IOException, InterruptedException {
        ProgramOutput copy = ProgramOutput.once(output);
        Process program = new ProcessBuilder(command)
                .redirectInput(ProcessBuilder.Redirect.INHERIT)
                .redirectError(ProcessBuilder.Redirect.INHERIT)
                .start();
        Thread copier = new Thread(() -> copy(program.getInputStream(), copy), "reprise-program-output");
        copier.start();
        Thread passStopOn = new Thread(() -> stop(program, copier, copy), "reprise-stop-program");
        Runtime.getRuntime().addShutdownHook(passStopOn);
        int status = program.waitFor();
        try {
            Runtime.getRuntime().removeShutdownHook(passStopOn);
        } catch (IllegalStateException shuttingDown) {
            // the hook runs now and exits with the program's status
        }
        end(copier, copy);
        return status;
    }

    /** The program's output to this terminal and to {@code copy}; a failing copy leaves the terminal's. */
    private static void copy(InputStream from, ProgramOutput copy) {
        byte[] buffer = new byte[8192];
        boolean copying = true;
        try (from) {
            for (int n; (n = from.read(buffer)) != -1; ) {
                System.out.write(buffer, 0, n);
                System.out.flush();
                if (copying) {
                    try {
                        copy.write(buffer, n);
                    } catch (IOException e) {
                        copying = false;
                        System.err.println("[reprise] cannot keep the program's output: " + e.getMessage());
                    }
                }
            }
        } catch (IOException e) {
            // the program's end closed its output
        }
    }

    /** Waits for the output's last bytes, then prints what {@code copy} says of it. */
    private static void end(Thread output, ProgramOutput copy) throws InterruptedException {
        output.join();
        try {
            String verdict = copy.end();
            if (verdict != null) {
                System.err.println(verdict);
                System.err.flush();
            }
        } catch (IOException e) {
            System.err.println("[reprise] cannot keep the program's output: " + e.getMessage());
        }
    }

    private static void stop(Process program, Thread output, ProgramOutput copy) {
        try {
            if (program.isAlive()) {
                program.destroy();
                if (!program.waitFor(STOP_SECONDS, TimeUnit.SECONDS)) {
                    System.err.println("[reprise] the program (pid " + program.pid() + ") did not end within "
                            + STOP_SECONDS + " s of SIGTERM; killed");
                    program.destroyForcibly().waitFor();
                }
            }
            int status = program.waitFor();
            end(output, copy);
            Runtime.getRuntime().halt(status);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
