package dev.reprise.agent;

import dev.reprise.api.Codec;
import java.util.function.LongSupplier;

/**
 * {@code Reprise.systemCallLong} in replay: during an actor's turn the recorded result, outside
 * any turn the live one. (The clock and random generators are recorded at their source, by
 * {@link SourceCalls}.)
 */
final class NondeterministicCalls {
    private NondeterministicCalls() {}

    /**
     * A call whose result fits a long (the trace keeps 8 bytes, little-endian), named {@code name}
     * in divergence reports.
     */
    static long call(String name, LongSupplier live) {
        AgentThread t;
        try {
            t = AgentThread.peek();
            if (t == null || t.current == null || t.hooked > 0) {
                return live.getAsLong();
            }
        } catch (Throwable e) {
            AgentLog.internalError("recording " + name, e);
            return live.getAsLong();
        }
        t.hooked++;
        try {
            if (t.recorder == null) {
                byte[] recorded = expect(t, name);
                if (recorded != null) {
                    return Codec.Builtin.bytesLong(recorded);
                }
            }
            long value = live.getAsLong(); // the application's own exceptions go through
            if (t.recorder != null) {
                try {
                    t.recorder.systemCall(t.current.record, value);
                } catch (Throwable e) {
                    AgentLog.internalError("recording " + name, e);
                }
            }
            return value;
        } finally {
            t.hooked--;
        }
    }

    private static byte[] expect(AgentThread t, String name) {
        try {
            return Agent.replay.expectSystemCall(t.current.id(), name);
        } catch (dev.reprise.replay.ReplayDivergence d) {
            throw d;
        } catch (Throwable e) {
            AgentLog.internalError("replaying " + name, e);
            return null;
        }
    }
}
