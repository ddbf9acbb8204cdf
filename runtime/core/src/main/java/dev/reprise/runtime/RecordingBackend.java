package dev.reprise.runtime;

import dev.reprise.api.Codec;
import dev.reprise.api.ExternalSource;
import dev.reprise.api.Reprise;
import dev.reprise.api.spi.Backend;
import java.util.function.LongSupplier;
import java.util.function.Supplier;

/**
 * The {@link Backend} of {@link Reprise} while recording: system calls made during an actor's turn
 * record their result; calls outside a turn are not recorded.
 */
public final class RecordingBackend implements Backend {
    private final Recorder recorder;

    public RecordingBackend(Recorder recorder) {
        this.recorder = recorder;
    }

    @Override
    public Reprise.Mode mode() {
        return Reprise.Mode.RECORD;
    }

    @Override
    public <T> T systemCall(Supplier<T> call, Codec<T> codec) {
        T value = call.get();
        ThreadRecorder r = recorder.forCurrentThread();
        ActorRecord actor = r.currentActor();
        if (actor != null) {
            r.systemCall(actor, codec.encode(value));
        }
        return value;
    }

    @Override
    public long systemCallLong(LongSupplier call) {
        long value = call.getAsLong();
        ThreadRecorder r = recorder.forCurrentThread();
        ActorRecord actor = r.currentActor();
        if (actor != null) {
            r.systemCall(actor, value);
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
