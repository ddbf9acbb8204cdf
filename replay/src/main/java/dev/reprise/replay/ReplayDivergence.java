package dev.reprise.replay;

/** The replayed program did something its trace cannot explain; carries the report. */
public final class ReplayDivergence extends RuntimeException {
    public ReplayDivergence(String report) {
        super(report, null, false, false);
    }
}
