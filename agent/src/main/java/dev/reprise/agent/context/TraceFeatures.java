package dev.reprise.agent.context;

import java.util.Arrays;
import java.util.List;
import java.util.Set;
import java.util.stream.Collectors;

/**
 * What a recording kept that older agents did not, named in its metadata's settings
 * ({@link #SETTING}), so a replay of an older trace does not expect it: it lets such events pass
 * as they came when that trace was recorded.
 */
public final class TraceFeatures {
    /** The settings key that lists them, comma-separated. */
    public static final String SETTING = "features";
    /** A watcher's unwatch, a system-message turn of the actor it watched ({@link SystemMessageTurns}). */
    public static final String UNWATCH = "unwatch";
    /** Whether a function ref told in a turn was stopped already ({@link FunctionRefs}). */
    public static final String FUNCTION_REF_TELLS = "functionRefTells";

    /** An Akka extension's making is its own context's doing, not the turn's that first used it ({@link ExtensionCreations}). */
    public static final String EXTENSIONS = "extensions";

    /**
     * Akka IO's selector is a context of its own kind ("actor 30/selector 1", {@link SelectorTasks}), so a
     * replay waits for the live copy of every other actor's contexts' input; an older trace named it an
     * actor's task, and its replay waits only for the application's actors' contexts, as its agent did.
     */
    public static final String SELECTOR_CONTEXTS = "selectorContexts";

    /**
     * A stream callback's event queued before its stage started is sent as its invoker sent it ({@link
     * QueuedCallbackEvents}); an older trace has it sent by the stream's actor.
     */
    public static final String QUEUED_CALLBACK_SENDERS = "queuedCallbackSenders";

    /** What this agent records. */
    public static final List<String> RECORDED =
            List.of(UNWATCH, FUNCTION_REF_TELLS, EXTENSIONS, SELECTOR_CONTEXTS, QUEUED_CALLBACK_SENDERS);

    private final Set<String> features;

    private TraceFeatures(Set<String> features) {
        this.features = features;
    }

    /** Every feature: a recording keeps them all. */
    public static TraceFeatures all() {
        return new TraceFeatures(Set.copyOf(RECORDED));
    }

    /** Those that the trace's {@code setting} names (null: none, an older trace). */
    public static TraceFeatures of(String setting) {
        return new TraceFeatures(
                setting == null
                        ? Set.of()
                        : Arrays.stream(setting.split(",")).map(String::trim).collect(Collectors.toUnmodifiableSet()));
    }

    /** Whether the trace keeps {@code feature}. */
    public boolean has(String feature) {
        return features.contains(feature);
    }
}
