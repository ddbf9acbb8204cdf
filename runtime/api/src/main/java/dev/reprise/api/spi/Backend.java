package dev.reprise.api.spi;

import dev.reprise.api.Codec;
import dev.reprise.api.ExternalSource;
import java.util.function.LongSupplier;
import java.util.function.Supplier;

/**
 * What {@link dev.reprise.api.Reprise} delegates to. The Reprise agent installs a recording or a
 * replaying backend; without it, {@link #PASSTHROUGH} simply calls through. Not for applications.
 */
public interface Backend {
    /** Which mode this backend implements, for {@link dev.reprise.api.Reprise#mode()}. */
    dev.reprise.api.Reprise.Mode mode();

    <T> T systemCall(Supplier<T> call, Codec<T> codec);

    long systemCallLong(LongSupplier call);

    /** Gives the source a stable pseudo-actor id (the same in record and replay for the same name). */
    long registerSource(String name);

    void deliver(ExternalSource source, int eventType, Runnable delivery);

    /** Calls straight through: the behaviour without the agent. */
    Backend PASSTHROUGH = new Backend() {
        @Override
        public dev.reprise.api.Reprise.Mode mode() {
            return dev.reprise.api.Reprise.Mode.OFF;
        }

        @Override
        public <T> T systemCall(Supplier<T> call, Codec<T> codec) {
            return call.get();
        }

        @Override
        public long systemCallLong(LongSupplier call) {
            return call.getAsLong();
        }

        @Override
        public long registerSource(String name) {
            return 0;
        }

        @Override
        public void deliver(ExternalSource source, int eventType, Runnable delivery) {
            delivery.run();
        }
    };
}
