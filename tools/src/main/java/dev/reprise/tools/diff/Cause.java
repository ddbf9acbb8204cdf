package dev.reprise.tools.diff;

/**
 * A reason to think that one actor's difference follows from another's: the other actor, which
 * also differs, sent or resolved its differing message, or created it (or the timer or promise
 * behind that message) after its own difference.
 *
 * @param place the place of the actor whose difference may be the cause
 * @param why how the trace links the two ("sent it", "created it after its own difference")
 */
record Cause(int place, String why) {}
