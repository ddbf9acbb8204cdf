package dev.reprise.trace;

/** Walks one subtrace's events in order, knowing each one's {@link Fingerprint}. */
final class SubtraceCursor {
    static final SubtraceCursor EMPTY = new SubtraceCursor(null);

    private final Subtrace subtrace;
    private int next;
    private int marked;
    private byte fingerprint;

    SubtraceCursor(Subtrace subtrace) {
        this.subtrace = subtrace;
    }

    boolean hasNext() {
        return subtrace != null && next < subtrace.events().size();
    }

    TraceEvent next() {
        TraceEvent e = subtrace.events().get(next++);
        fingerprint = Subtrace.isMarked(e) ? subtrace.mark(marked++) : Fingerprint.NONE;
        return e;
    }

    /** The fingerprint of the event {@link #next()} returned last ({@link Fingerprint#NONE} if it has none). */
    byte fingerprint() {
        return fingerprint;
    }
}
