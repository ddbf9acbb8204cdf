package dev.reprise.agent.io;

import dev.reprise.agent.context.AgentThread;
import dev.reprise.agent.health.AgentLog;
import java.io.IOException;
import java.net.Socket;
import java.net.SocketAddress;
import java.nio.ByteBuffer;
import java.nio.channels.DatagramChannel;
import java.nio.channels.ReadableByteChannel;
import java.nio.channels.SelectableChannel;
import java.nio.channels.ServerSocketChannel;
import java.nio.channels.SocketChannel;
import java.nio.channels.WritableByteChannel;
import java.util.concurrent.TimeUnit;
import java.util.function.Function;
import java.util.function.Supplier;

/** Recording: each network call runs, and its result (or its failure) is recorded as the turn's system call. */
public final class RecordedNetwork extends Network {
    /** When the run began, for the time of each accept (a replay with live clients waits as long as it took). */
    private final long start = System.nanoTime();

    @Override
    public SocketChannel accept(AgentThread t, ServerSocketChannel channel) throws IOException {
        return call(
                t,
                channel::accept,
                accepted ->
                        IoResults.accepted(accepted != null, TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - start)));
    }

    @Override
    public boolean connect(AgentThread t, SocketChannel channel, SocketAddress remote) throws IOException {
        return call(t, () -> channel.connect(remote), IoResults::flag);
    }

    @Override
    public boolean finishConnect(AgentThread t, SocketChannel channel) throws IOException {
        return call(t, channel::finishConnect, IoResults::flag);
    }

    @Override
    public int read(AgentThread t, ReadableByteChannel channel, ByteBuffer dst) throws IOException {
        int from = dst.position();
        return call(t, () -> channel.read(dst), n -> IoResults.read(dst, from, n));
    }

    @Override
    public int write(AgentThread t, WritableByteChannel channel, ByteBuffer src) throws IOException {
        return call(t, () -> channel.write(src), IoResults::count);
    }

    @Override
    public SocketAddress receive(AgentThread t, DatagramChannel channel, ByteBuffer dst) throws IOException {
        int from = dst.position();
        return call(t, () -> channel.receive(dst), sender -> IoResults.received(sender, dst, from));
    }

    @Override
    public int send(AgentThread t, DatagramChannel channel, ByteBuffer src, SocketAddress target) throws IOException {
        return call(t, () -> channel.send(src, target), IoResults::count);
    }

    /** Makes {@code call} and records its result as {@code recorded} keeps it, or its failure. */
    private static <T> T call(AgentThread t, IoCall<T> call, Function<T, byte[]> recorded) throws IOException {
        T result;
        try {
            result = call.call();
        } catch (IOException e) {
            record(t, IoResults.failed(e));
            throw e;
        }
        record(t, recorded.apply(result));
        return result;
    }

    @Override
    public SocketAddress address(AgentThread t, String call, Supplier<SocketAddress> live) {
        SocketAddress a = live.get();
        record(t, IoResults.address(a));
        return a;
    }

    @Override
    public boolean outputShutdown(AgentThread t, Socket socket) {
        boolean shut = socket.isOutputShutdown();
        record(t, IoResults.flag(shut));
        return shut;
    }

    @Override
    public void shutdownOutput(AgentThread t, Socket socket) throws IOException {
        call(
                t,
                () -> {
                    socket.shutdownOutput();
                    return 0;
                },
                IoResults::count);
    }

    @Override
    public boolean registers(SelectableChannel channel, Object actor) {
        return true;
    }

    @Override
    public void cancelled(AgentThread t) {
        // only replay's stand-in registrations say so; the recording's selector closes the channel
    }

    /** Records a call's result; a failure here is the agent's, never the application's. */
    private static void record(AgentThread t, byte[] result) {
        try {
            t.recorder.systemCall(t.callOwner(), result);
        } catch (Throwable e) {
            AgentLog.internalError("recording network input", e);
        }
    }
}
