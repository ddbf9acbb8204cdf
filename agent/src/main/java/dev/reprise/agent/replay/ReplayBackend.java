package dev.reprise.agent.replay;

import dev.reprise.agent.actor.AgentActor;
import dev.reprise.agent.context.AgentThread;
import dev.reprise.api.Codec;
import dev.reprise.api.ExternalSource;
import dev.reprise.api.Reprise;
import dev.reprise.api.spi.Backend;
import java.util.function.LongSupplier;
import java.util.function.Supplier;

/** The {@link Backend} of {@link Reprise} in replay: recorded results, no live outside input. */
public final class ReplayBackend implements Backend {
    @Override
    public Reprise.Mode mode() {
        return Reprise.Mode.REPLAY;
    }

    @Override
    public <T> T systemCall(Supplier<T> call, Codec<T> codec) {
        byte[] recorded = recorded("Reprise.systemCall");
        return recorded != null ? codec.decode(recorded) : call.get();
    }

    @Override
    public long systemCallLong(LongSupplier call) {
        byte[] recorded = recorded("Reprise.systemCallLong");
        return recorded != null ? Codec.Builtin.bytesLong(recorded) : call.getAsLong();
    }

    /**
     * The recorded result of a system call made now: null where none is recorded
     * ({@link AgentThread#callOwner()}), or past the end of the recorded events (the call is then made live).
     */
    private static byte[] recorded(String call) {
        AgentActor owner = AgentThread.current().callOwner();
        return owner == null ? null : ReplayMode.current().replay().expectSystemCall(owner.id(), call);
    }

    @Override
    public long registerSource(String name) {
        ReplayMode mode = ReplayMode.current();
        long id = mode.replay().sourceId(name);
        return id > 0 ? id : mode.ids.next();
    }

    @Override
    public void deliver(ExternalSource source, int eventType, Runnable delivery) {
        // Live input is not delivered in replay: the recorded input is injected in its place.
    }
}
