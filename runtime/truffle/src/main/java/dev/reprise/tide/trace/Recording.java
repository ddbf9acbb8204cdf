package dev.reprise.tide.trace;

import com.oracle.truffle.api.CompilerDirectives.TruffleBoundary;
import dev.reprise.runtime.ActorRecord;
import dev.reprise.runtime.Recorder;
import dev.reprise.runtime.RecorderSettings;
import dev.reprise.runtime.ThreadRecorder;
import dev.reprise.tide.language.TideContext;
import dev.reprise.tide.language.TideError;
import dev.reprise.tide.runtime.Actor;
import dev.reprise.tide.runtime.Resolver;
import dev.reprise.tide.runtime.Turn;
import java.io.IOException;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * A recorded run: the agent's {@link Recorder} writes the trace (thread-owned buffers, a writer
 * thread, chunk and data files, {@code trace.json}). Processed messages and creations are recorded
 * by the tracing nodes into the worker's {@link ThreadRecorder}; system calls here, their results
 * going to the data file.
 */
final class Recording extends TraceMode {
    private final Recorder recorder;

    private Recording(TideContext context, Recorder recorder) {
        super(context);
        this.recorder = recorder;
    }

    /** Starts recording {@code program} (its file {@code source}) into {@code dir}. */
    static Recording start(TideContext context, Path dir, String program, String source) {
        Map<String, String> tide = new LinkedHashMap<>();
        tide.put("language", "tide");
        tide.put("tide.source", source);
        try {
            return new Recording(context, Recorder.startWithoutMBean(RecorderSettings.defaults(dir).withProgram(program), tide));
        } catch (IOException e) {
            throw new TideError("cannot record into " + dir + ": " + TraceOptions.reason(e));
        }
    }

    @Override
    public ActorRecord actorRecord(int id) {
        return new ActorRecord(id);
    }

    @Override
    public void workerStarted(Turn turn) {
        turn.recorder(recorder.forCurrentThread());
    }

    @Override
    public void idle(Turn turn) {
        turn.recorder().idle();
    }

    @Override
    public void close() {
        recorder.close();
    }

    @Override
    @TruffleBoundary
    public long time(Actor actor) {
        long now = super.time(actor);
        record(actor, SystemValues.ofLong(now));
        return now;
    }

    @Override
    @TruffleBoundary
    public long random(Actor actor, long bound) {
        long value = super.random(actor, bound);
        record(actor, SystemValues.ofLong(value));
        return value;
    }

    @Override
    @TruffleBoundary
    public String readLine(Actor actor) {
        String line = super.readLine(actor);
        record(actor, SystemValues.ofLine(line));
        return line;
    }

    @Override
    @TruffleBoundary
    public boolean resolve(Actor actor, Resolver resolver, Object value) {
        boolean won = super.resolve(actor, resolver, value);
        record(actor, SystemValues.ofBoolean(won));
        return won;
    }

    private void record(Actor actor, byte[] value) {
        recorder.forCurrentThread().systemCall(actor.record(), value);
    }
}
