package dev.reprise.trace;

/**
 * The exit codes of every Reprise tool, the agent and Tide's launcher: one list, so that a script
 * tells a divergence from a damaged trace or a bad option the same way whichever tool it ran.
 * {@code reprise record} and {@code replay} otherwise pass on the program's own exit code.
 */
public final class ExitCodes {
    /** Success: a sound trace, a replay that reproduced its recording. */
    public static final int OK = 0;
    /** The trace is damaged or unreadable ({@code verify} names the file, chunk and offset). */
    public static final int TRACE_PROBLEM = 1;
    /**
     * Bad usage or configuration: an unknown option or a bad value, no trace where one was named,
     * or a program set up so that it cannot be replayed (a balancing dispatcher). Never a
     * divergence: the program was not run against the trace.
     */
    public static final int USAGE = 2;
    /** {@code verify}: the trace was recorded with agent errors, or the agent recorded nothing (see the message). */
    public static final int AGENT_ERRORS = 3;
    /** A tool's own internal error (sysexits' EX_SOFTWARE). */
    public static final int INTERNAL_ERROR = 70;
    /** The replay went another way than its recording; the report is on stderr. */
    public static final int DIVERGED = 86;
    /** The replay reached the end of a recording cut short (the recorded JVM was killed or crashed). */
    public static final int RECORDING_ENDED = 87;
    /**
     * The replay reached damage in its trace (a cut or corrupted file): it replayed as far as the
     * trace is sound; the report names the file, chunk and offset. Never a changed program.
     */
    public static final int DAMAGE_REACHED = 88;
    /**
     * {@code reprise record}: the agent recorded nothing (an Akka or Pekko version it does not
     * support, none on the class path); the program ran unchanged, and its own exit status is said.
     */
    public static final int NOT_RECORDED = 89;

    private ExitCodes() {}
}
