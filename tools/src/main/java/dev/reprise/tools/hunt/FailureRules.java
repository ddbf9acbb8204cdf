package dev.reprise.tools.hunt;

import java.time.Duration;
import java.util.regex.Pattern;

/**
 * When a hunted run counts as failed: it exits with a status other than 0, an actor's turn threw
 * an exception it did not catch (the trace's metadata counts them, {@code actorFailures}) unless
 * those are allowed, a line of its output matches {@code until}, or it does not end within
 * {@code runTimeout} (a hang; it is then stopped).
 *
 * @param until a line that marks a failure, or null
 * @param allowActorFailures whether actors' uncaught errors are part of the program (its supervisors handle them)
 * @param runTimeout how long one run may take
 */
public record FailureRules(Pattern until, boolean allowActorFailures, Duration runTimeout) {}
