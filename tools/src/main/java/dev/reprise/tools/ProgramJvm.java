package dev.reprise.tools;

import java.io.IOException;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * The user's program, recorded or replayed in a JVM of its own that shares this one's terminal. A
 * child outlives its parent, so when this JVM is stopped (SIGTERM, or Ctrl-C) it passes the stop on:
 * SIGTERM to the program, which then ends as it would have been stopped directly (a recording
 * closes its trace, a replay says how far it got), and this JVM exits with the program's status.
 */
final class ProgramJvm {
    /** How long a stopped program may take to end before it is killed (its recording's trace stays readable). */
    static final long STOP_SECONDS = 30;

    private ProgramJvm() {}

    /** Runs {@code command} to its end; returns its exit status. */
    static int run(List<String> command) throws IOException, InterruptedException {
        Process program = new ProcessBuilder(command).inheritIO().start();
        Thread passStopOn = new Thread(() -> stop(program), "reprise-stop-program");
        Runtime.getRuntime().addShutdownHook(passStopOn);
        int status = program.waitFor();
        try {
            Runtime.getRuntime().removeShutdownHook(passStopOn);
        } catch (IllegalStateException shuttingDown) {
            // the hook runs now and exits with the program's status
        }
        return status;
    }

    private static void stop(Process program) {
        try {
            if (program.isAlive()) {
                program.destroy();
                if (!program.waitFor(STOP_SECONDS, TimeUnit.SECONDS)) {
                    System.err.println("[reprise] the program (pid " + program.pid() + ") did not end within "
                            + STOP_SECONDS + " s of SIGTERM; killed");
                    program.destroyForcibly().waitFor();
                }
            }
            Runtime.getRuntime().halt(program.waitFor());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
