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
import java.util.function.Supplier;

/** Recording: each network call runs, and its result (or its failure) is recorded as the turn's system call. */
public final class RecordedNetwork extends Network {
    /** When the run began, for the time of each accept (a replay with live clients waits as long as it took). */
    private final long start = System.nanoTime();

    @Override
    public SocketChannel accept(AgentThread t, ServerSocketChannel channel) throws IOException {
        SocketChannel accepted;
        try {
            accepted = channel.accept();
        } catch (IOException e) {
            record(t, IoResults.failed(e));
            throw e;
        }
        record(t, IoResults.accepted(accepted != null, TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - start)));
        return accepted;
    }

    @Override
    public boolean connect(AgentThread t, SocketChannel channel, SocketAddress remote) throws IOException {
        return flag(t, () -> channel.connect(remote));
    }

    @Override
    public boolean finishConnect(AgentThread t, SocketChannel channel) throws IOException {
        return flag(t, channel::finishConnect);
    }

    /** A call whose result is a flag, recorded as a count (1 or 0), or its failure. */
    private static boolean flag(AgentThread t, FlagCall call) throws IOException {
        boolean result;
        try {
            result = call.call();
        } catch (IOException e) {
            record(t, IoResults.failed(e));
            throw e;
        }
        record(t, IoResults.count(result ? 1 : 0));
        return result;
    }

    @Override
    public int read(AgentThread t, ReadableByteChannel channel, ByteBuffer dst) throws IOException {
        int from = dst.position();
        int n;
        try {
            n = channel.read(dst);
        } catch (IOException e) {
            record(t, IoResults.failed(e));
            throw e;
        }
        record(t, IoResults.read(dst, from, n));
        return n;
    }

    @Override
    public int write(AgentThread t, WritableByteChannel channel, ByteBuffer src) throws IOException {
        int n;
        try {
            n = channel.write(src);
        } catch (IOException e) {
            record(t, IoResults.failed(e));
            throw e;
        }
        record(t, IoResults.count(n));
        return n;
    }

    @Override
    public SocketAddress receive(AgentThread t, DatagramChannel channel, ByteBuffer dst) throws IOException {
        int from = dst.position();
        SocketAddress sender;
        try {
            sender = channel.receive(dst);
        } catch (IOException e) {
            record(t, IoResults.failed(e));
            throw e;
        }
        record(t, IoResults.received(sender, dst, from));
        return sender;
    }

    @Override
    public int send(AgentThread t, DatagramChannel channel, ByteBuffer src, SocketAddress target) throws IOException {
        int n;
        try {
            n = channel.send(src, target);
        } catch (IOException e) {
            record(t, IoResults.failed(e));
            throw e;
        }
        record(t, IoResults.count(n));
        return n;
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
        record(t, IoResults.count(shut ? 1 : 0));
        return shut;
    }

    @Override
    public void shutdownOutput(AgentThread t, Socket socket) throws IOException {
        try {
            socket.shutdownOutput();
        } catch (IOException e) {
            record(t, IoResults.failed(e));
            throw e;
        }
        record(t, IoResults.count(0));
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
