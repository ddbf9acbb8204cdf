package dev.reprise.runtime;

import dev.reprise.trace.TraceMetadata;
import java.util.HashMap;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.LongAdder;

/**
 * The recording's health, as the trace's metadata tells it: the agent's internal errors counted
 * per site, the uses of what the agent does not record faithfully counted per feature, a refusal
 * to record and why, and the recorder's own failure (logged once). The counts and a refusal reach
 * the metadata at the writer's next tick, so a killed recording keeps them too. A refusal or a failure stops the recording ({@link Recorder#degraded}).
 */
final class RecorderHealth {
    private final Recorder recorder;
    /** Guards {@link #progressChanged}. */
    private final Object progressLock = new Object();
    /** An agent error, a use of what is not covered or a refusal came since the writer last rewrote the metadata. Guarded by progressLock. */
    private boolean progressChanged;
    /** The agent's internal errors by site, for the metadata ({@link TraceMetadata#AGENT_ERROR_PREFIX}). */
    private final ConcurrentHashMap<String, LongAdder> agentErrors = new ConcurrentHashMap<>();
    /** Uses of what the agent does not record faithfully, by feature ({@link TraceMetadata#NOT_COVERED_PREFIX}). */
    private final ConcurrentHashMap<String, LongAdder> notCovered = new ConcurrentHashMap<>();
    /** How the run ends ({@link TraceMetadata#ENDED_PREFIX}), by key; the first value of each stays. */
    private final ConcurrentHashMap<String, Long> ended = new ConcurrentHashMap<>();
    /** Why nothing is recorded (set by {@link #refuse}), or null. */
    private volatile String notRecorded;

    private final AtomicBoolean failureLogged = new AtomicBoolean();

    RecorderHealth(Recorder recorder) {
        this.recorder = recorder;
    }

    /**
     * Writer thread, each tick: the counts a crashed recording must keep (agent errors, uses of
     * what is not covered) if any changed since the last call, else null.
     */
    Map<String, Long> changedProgress() {
        synchronized (progressLock) {
            if (!progressChanged) {
                return null;
            }
            progressChanged = false;
            return counts();
        }
    }

    /** Why nothing is recorded, or null. */
    String notRecorded() {
        return notRecorded;
    }

    /** {@link Recorder#agentError}: counted, and the metadata is rewritten at the next tick. */
    void agentError(String site) {
        counted(agentErrors, site);
    }

    /** {@link Recorder#notCovered}: counted, and the metadata is rewritten at the next tick. */
    void notCovered(String feature) {
        counted(notCovered, feature);
    }

    /** {@link Recorder#ended}: kept (the first value of a key), and the metadata is rewritten at the next tick. */
    void ended(String key, long value) {
        if (ended.putIfAbsent(key, value) == null) {
            synchronized (progressLock) {
                progressChanged = true;
            }
        }
    }

    private void counted(ConcurrentHashMap<String, LongAdder> counts, String key) {
        counts.computeIfAbsent(key, k -> new LongAdder()).increment();
        synchronized (progressLock) {
            progressChanged = true;
        }
    }

    /**
     * {@link Recorder#refuse}. The reason is written before the recording stops: whoever sees the
     * recording stopped sees why (the close tells a refusal from a failure by it).
     */
    void refuse(String reason) {
        if (notRecorded != null) {
            return;
        }
        notRecorded = reason;
        recorder.degraded = true;
        synchronized (progressLock) {
            progressChanged = true;
        }
    }

    /** The agent's error counts and the uses of what is not covered, under their metadata keys. */
    Map<String, Long> counts() {
        Map<String, Long> counts = new HashMap<>();
        agentErrors.forEach((site, n) -> counts.put(TraceMetadata.AGENT_ERROR_PREFIX + site, n.sum()));
        notCovered.forEach((feature, n) -> counts.put(TraceMetadata.NOT_COVERED_PREFIX + feature, n.sum()));
        ended.forEach((key, v) -> counts.put(TraceMetadata.ENDED_PREFIX + key, v));
        return counts;
    }

    /** An internal failure: logged once, recording stops, the application goes on. */
    void internalError(String where, Throwable t) {
        recorder.degraded = true;
        if (failureLogged.compareAndSet(false, true)) {
            System.err.println("[reprise] recording failed in " + where + ": " + t
                    + "; recording has stopped, the application goes on. Trace: " + recorder.settings.traceDir());
        }
    }
}
