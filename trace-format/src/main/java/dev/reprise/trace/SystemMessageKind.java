package dev.reprise.trace;

/**
 * Which system message an actor handled in a system-message turn. These are the ones that run
 * application code (a supervisor's decider, restart and stop hooks, death watch) or change what
 * the actor does next, at a point among its ordinary messages that depends on timing; the trace
 * keeps that point. Stored as the extended kind of a {@code SYSTEM_TURN} event.
 */
public enum SystemMessageKind {
    /** A child failed: the supervisor strategy decides (the related id is the child). */
    FAILED("the failure of"),
    /** The actor is restarted ({@code preRestart}, constructor, {@code postRestart}); related: the child whose failure caused it. */
    RECREATE("restart"),
    /** The actor is suspended (its parent handles a failure, or a sibling's under all-for-one). */
    SUSPEND("suspension"),
    /** The actor resumes after a suspension; related: the child whose failure caused it, if any. */
    RESUME("resumption"),
    /** The actor is stopped ({@code postStop} once its children are gone). */
    TERMINATE("stop"),
    /** An actor it watched, or a child, has terminated (the related id is that actor). */
    DEATH_WATCH("the death of"),
    /**
     * An actor that watched it watches it no longer (the related id is that watcher): whether the
     * watcher hears of its death depends on this point among its turns.
     */
    UNWATCH("the unwatching by");

    private static final SystemMessageKind[] BY_CODE = values();

    private final String word;

    SystemMessageKind(String word) {
        this.word = word;
    }

    /** What the turn handled, as reports say it ("restart", "the failure of"). */
    public String word() {
        return word;
    }

    /** Whether the turn concerns another actor, whose id the event carries (for a restart or resumption: the failed child, when known). */
    public boolean hasRelated() {
        return this == FAILED || this == DEATH_WATCH || this == RECREATE || this == RESUME || this == UNWATCH;
    }

    /** The code in the trace. */
    int code() {
        return ordinal();
    }

    /** The kind of {@code code}, or null for a code this version does not know. */
    static SystemMessageKind ofCode(int code) {
        return code >= 0 && code < BY_CODE.length ? BY_CODE[code] : null;
    }
}
