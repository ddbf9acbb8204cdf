package dev.reprise.tide.trace;

import com.oracle.truffle.api.CompilerDirectives.TruffleBoundary;
import com.oracle.truffle.api.exception.AbstractTruffleException;
import dev.reprise.trace.ExitCodes;

/**
 * A replay that went another way than its trace, or reached the end of a recording that was cut
 * short: ends the run. Its message is the report, which starts with {@link #HEADER} or
 * {@link #CUT_HEADER}, as the agent's replay reports start; the launcher exits with
 * {@link #EXIT_STATUS} or {@link #CUT_EXIT_STATUS} on it.
 */
public final class TideDivergence extends AbstractTruffleException {
    private static final long serialVersionUID = 1L;
    /** The first words of every report. */
    public static final String HEADER = "[reprise] REPLAY DIVERGED";
    /** The exit status of a diverged replay, the agent's replay's. */
    public static final int EXIT_STATUS = ExitCodes.DIVERGED;
    /** The first words of the report of a replay that reached the end of a recording cut short. */
    public static final String CUT_HEADER = "[reprise] the recording ends here";
    /** The exit status at the end of a recording cut short, the agent's replay's. */
    public static final int CUT_EXIT_STATUS = ExitCodes.RECORDING_ENDED;

    @TruffleBoundary
    TideDivergence(String report) {
        super(report);
    }
}
