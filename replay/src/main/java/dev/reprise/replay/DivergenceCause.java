package dev.reprise.replay;

/** What a divergence found in an actor's own behaviour is known to come from, as its report says it. */
enum DivergenceCause {
    /** A fingerprint or class check shows that the program does something else than the recorded one. */
    PROGRAM_CHANGED,
    /** The trace is damaged or incomplete where the actor's events go on: not the program. */
    TRACE_DAMAGED,
    /** Nothing tells: something that decided what the actor did was not recorded, or the program changed unseen. */
    UNRECORDED
}
