package dev.reprise.runtime;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;

/**
 * The flush epoch: the writer advances it every flush interval and at close, and every recording
 * thread compares it with the last one it saw before each append (a changed epoch sends the
 * thread to its slow path, which hands its buffer over). {@link Recorder} extends this class so
 * that the appends read {@link #epoch} as a field of the recorder, with no indirection.
 */
class FlushEpoch {
    private static final VarHandle EPOCH;

    static {
        try {
            EPOCH = MethodHandles.lookup().findVarHandle(FlushEpoch.class, "epoch", int.class);
        } catch (ReflectiveOperationException e) {
            throw new ExceptionInInitializerError(e);
        }
    }

    /** Read with a volatile load by every append; written only by {@link #advanceEpoch}. */
    volatile int epoch;

    /** A new epoch. Atomic: the writer's tick and a close on another thread may advance it at once. */
    final void advanceEpoch() {
        EPOCH.getAndAdd(this, 1);
    }
}
