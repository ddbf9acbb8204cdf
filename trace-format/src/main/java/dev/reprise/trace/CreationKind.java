package dev.reprise.trace;

/**
 * What a creation event created. Timers, ask temp actors and completed promises get ids as actors
 * do (so replay can give them the same ids), but they are not actors: the kind lets tools count
 * each as what it is. Stored in bits 6-7 of the creation event's header.
 */
public enum CreationKind {
    /** An actor (its own mailbox and turns). */
    ACTOR("actor", "actors"),
    /**
     * A ref with no mailbox of its own: the temp actor behind an ask (it receives the reply and
     * completes the future), or a function ref that an actor makes (Akka Typed's message adapters).
     */
    TEMP_ACTOR("temp actor", "tempActors"),
    /** A scheduled message or timer. */
    TIMER("timer", "timers"),
    /** A promise completed inside an actor's turn: what its callbacks send is told apart by it. */
    PROMISE("promise", "promises");

    private static final CreationKind[] BY_CODE = values();

    private final String word;
    private final String countKey;

    CreationKind(String word, String countKey) {
        this.word = word;
        this.countKey = countKey;
    }

    /** The name used in messages ("temp actor"). */
    public String word() {
        return word;
    }

    /** The name with its article ("an actor", "a timer"). */
    public String withArticle() {
        return (word.charAt(0) == 'a' ? "an " : "a ") + word;
    }

    /** The key under which {@code reprise stats --json} counts these ("tempActors"). */
    public String countKey() {
        return countKey;
    }

    /** The 2-bit code in the trace. */
    int code() {
        return ordinal();
    }

    static CreationKind ofCode(int code) {
        return BY_CODE[code];
    }
}
