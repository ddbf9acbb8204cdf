package dev.reprise.api;

import dev.reprise.api.spi.Backends;
import java.util.Objects;
import java.util.function.LongSupplier;
import java.util.function.Supplier;

/**
 * The application's entry to Reprise. Without the agent every method calls straight through.
 *
 * <p>Under recording, a system call records its result; under replay it returns the recorded
 * result instead of calling. Use it for nondeterministic values that the agent does not capture by
 * itself (the agent already covers the clock, {@code Random} and {@code UUID}):
 *
 * <pre>{@code
 * String host = Reprise.systemCall(() -> lookUpFastestMirror(), Codec.utf8());
 * }</pre>
 *
 * A system call is recorded where the agent records clock and random calls: in an actor's turn,
 * and outside any turn in the code that starts at the same place in every run, named by where it
 * was started (an outside context): a thread the program started, a task given to a thread pool,
 * a future's or {@code CompletionStage}'s callback, a timer's task. Elsewhere it is not recorded
 * and always calls through: on {@code main} outside all of these, on a thread known only by its
 * name (one started before the agent, or a pool's thread outside its tasks), and in a Scala future
 * callback that a thread's own code registered.
 */
public final class Reprise {
    /** What the running JVM does. */
    public enum Mode {
        /** No agent: calls go straight through. */
        OFF,
        /** The agent records this run. */
        RECORD,
        /** The agent replays a recorded run. */
        REPLAY
    }

    private Reprise() {}

    /** The mode of this JVM. */
    public static Mode mode() {
        return Backends.current().mode();
    }

    /** Calls {@code call}, recording its result with {@code codec} (or, in replay, returns the recorded one). */
    public static <T> T systemCall(Supplier<T> call, Codec<T> codec) {
        return Backends.current()
                .systemCall(Objects.requireNonNull(call, "call"), Objects.requireNonNull(codec, "codec"));
    }

    /** {@link #systemCall} for a {@code long}, without boxing. */
    public static long systemCallLong(LongSupplier call) {
        return Backends.current().systemCallLong(Objects.requireNonNull(call, "call"));
    }

    /**
     * Declares an external source. Declare each source once (a static field), with a name that
     * stays the same between recording and replay.
     */
    public static ExternalSource externalSource(String name) {
        if (name == null || name.isBlank()) {
            throw new IllegalArgumentException("an external source needs a non-blank name");
        }
        return new ExternalSource(name, Backends.current().registerSource(name));
    }
}
