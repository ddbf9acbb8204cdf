package dev.reprise.tide.trace;

import com.oracle.truffle.api.CompilerDirectives.TruffleBoundary;
import com.oracle.truffle.api.exception.AbstractTruffleException;

/**
 * A replay that went another way than its trace: ends the run. Its message is the report, which
 * starts with {@link #HEADER}, as the agent's replay reports start; the launcher exits with
 * {@link #EXIT_STATUS} on it.
 */
public final class ReplayDivergence extends AbstractTruffleException {
    private static final long serialVersionUID = 1L;
    /** The first words of every report. */
    public static final String HEADER = "[reprise] REPLAY DIVERGED";
    /** The exit status of a diverged replay, the agent's replay's. */
    public static final int EXIT_STATUS = dev.reprise.replay.Replay.DIVERGED;

    @TruffleBoundary
    ReplayDivergence(String report) {
        super(report);
    }
}
