package dev.reprise.tide.trace;

import com.oracle.truffle.api.nodes.RootNode;
import dev.reprise.runtime.ActorRecord;
import dev.reprise.runtime.Recorder;
import dev.reprise.runtime.RecorderSettings;
import dev.reprise.runtime.ThreadRecorder;
import dev.reprise.tide.language.TideContext;
import dev.reprise.tide.language.TideError;
import dev.reprise.tide.runtime.Actor;
import dev.reprise.tide.runtime.Turn;
import dev.reprise.trace.TraceMetadata;
import java.io.IOException;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * A recorded run: the agent's {@link Recorder} writes the trace (thread-owned buffers, a writer
 * thread, chunk and data files, {@code trace.json}). Processed messages, creations and system
 * calls are recorded by the tracing nodes into the worker's {@link ThreadRecorder}, which this
 * mode gives each worker thread; otherwise the run is as an untraced one. A turn's error that ends
 * the run is recorded too: as the actor's last event, and in the metadata ({@code ended.*}).
 */
final class Recording extends TraceMode {
    private final Recorder recorder;
    private final List<RootNode> roots;

    private Recording(TideContext context, Recorder recorder, List<RootNode> roots) {
        super(context);
        this.recorder = recorder;
        this.roots = roots;
    }

    /**
     * Starts recording {@code program} (its file {@code source}) into {@code dir}; when it ends, it
     * counts the specialisations of the tracing nodes in {@code roots} into the trace's metadata.
     */
    static Recording start(
            TideContext context, Path dir, RecordedProgram program, String source, List<RootNode> roots) {
        Map<String, String> tide = new LinkedHashMap<>();
        tide.put("language", "tide");
        tide.put("tide.source", source);
        tide.putAll(program.settings());
        tide.put(Replaying.PRINTS, Replaying.PRINTS_NUMBERED);
        tide.put(Replaying.CALLBACKS, Replaying.CALLBACKS_NUMBERED);
        try {
            return new Recording(
                    context,
                    Recorder.startWithoutMBean(RecorderSettings.defaults(dir).withProgram(program.name()), tide),
                    roots);
        } catch (IOException e) {
            throw new TideError("cannot record into " + dir + ": " + TraceOptions.reason(e));
        }
    }

    @Override
    public ActorRecord actorRecord(int id) {
        return new ActorRecord(id);
    }

    @Override
    public boolean tracesCallbacks() {
        return true;
    }

    @Override
    public void workerStarted(Turn turn) {
        turn.recorder(recorder.forCurrentThread());
    }

    @Override
    public void workerStopped(Turn turn) {
        turn.recorder().idle();
    }

    /**
     * Records the error as the failed actor's last event (a system call whose value is the error's
     * line, column and message, which the replay raises again there) and, for the error that ends
     * the run, the actor and the exit status in the metadata.
     */
    @Override
    public Throwable turnFailed(Turn turn, TideError error, boolean first) {
        Actor actor = turn.actor();
        turn.recorder().systemCall(actor.record(), SystemValues.ofError(error.atLineAndColumn()));
        if (first) {
            recorder.ended(TraceMetadata.ACTOR_ERROR, actor.id());
            recorder.ended(TraceMetadata.EXIT_STATUS, TideError.EXIT_STATUS);
        }
        return error;
    }

    @Override
    public void close() {
        try {
            TracingCensus.of(roots).forEach(recorder::count);
        } finally {
            recorder.close(); // the trace ends cleanly whatever the census met
        }
    }
}
