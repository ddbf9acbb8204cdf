package dev.reprise.tools.hunt;

import java.nio.file.Path;

/**
 * How one recorded run of a hunt ended.
 *
 * @param number the run's number, from 1
 * @param perturbation what its schedule ran under ({@code random:42}), or {@code plain}
 * @param failure why it counts as failed (an exit status, an actor's error, a matched line, a hang), or null when it passed
 * @param trace where its trace is
 * @param seconds how long it ran
 * @param notRecorded why the agent recorded nothing (an Akka it does not support), or null
 */
public record RunOutcome(
        int number, String perturbation, String failure, Path trace, double seconds, String notRecorded) {
    /** Whether the run failed. */
    public boolean failed() {
        return failure != null;
    }
}
