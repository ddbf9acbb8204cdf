package dev.reprise.runtime;

import dev.reprise.api.Codec;
import dev.reprise.api.ExternalSource;
import dev.reprise.api.Reprise;
import dev.reprise.api.spi.Backend;
import java.util.function.LongSupplier;
import java.util.function.Supplier;

/**
 * The {@link Backend} of {@link Reprise} while recording: system calls made where the caller says
 * they are recorded (by default, during an actor's turn) record their result; others are not.
 */
public final class RecordingBackend implements Backend {
    private final Recorder recorder;
    private final Supplier<ActorRecord> caller;

    /** System calls are recorded during an actor's turn. */
    public RecordingBackend(Recorder recorder) {
        this(recorder, () -> recorder.forCurrentThread().currentActor());
    }

    /**
     * System calls are recorded in the events of the actor (or pseudo-actor) that {@code caller}
     * gives for the current thread; not when it gives null.
     */
    public RecordingBackend(Recorder recorder, Supplier<ActorRecord> caller) {
        this.recorder = recorder;
        this.caller = caller;
    }

    @Override
    public Reprise.Mode mode() {
        return Reprise.Mode.RECORD;
    }

    @Override
    public <T> T systemCall(Supplier<T> call, Codec<T> codec) {
        T value = call.get();
        ActorRecord actor = caller.get();
        if (actor != null) {
            recorder.forCurrentThread().systemCall(actor, codec.encode(value));
        }
        return value;
    }

    @Override
    public long systemCallLong(LongSupplier call) {
        long value = call.getAsLong();
        ActorRecord actor = caller.get();
        if (actor != null) {
            recorder.forCurrentThread().systemCall(actor, value);
        }
        return value;
    }

    @Override
    public long registerSource(String name) {
        return recorder.registerSource(name);
    }

    @Override
    public void deliver(ExternalSource source, int eventType, Runnable delivery) {
        ExternalInput.run(source.id(), eventType, delivery);
    }
}
