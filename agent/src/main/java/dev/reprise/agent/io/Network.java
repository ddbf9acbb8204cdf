package dev.reprise.agent.io;

import dev.reprise.agent.context.AgentThread;
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
import java.util.function.Supplier;

/**
 * What a turn learns from the network, where network input enters the JVM in Akka IO's TCP and UDP
 * ({@link AkkaIo}): a connection accepted or not, an outgoing one made or not, the bytes read or received (and from whom), the bytes written, a socket's
 * addresses. Each is a system call of the turn's actor, its result in the trace's data file
 * ({@link IoResults}). One per mode: recording makes the call and records its result, replay
 * returns the recorded result, with a live peer where one connected, or none.
 */
public abstract class Network {
    /** {@code channel.accept()} in {@code t}'s turn: a new connection, or null when none is pending. */
    public abstract SocketChannel accept(AgentThread t, ServerSocketChannel channel) throws IOException;

    /** {@code channel.connect(remote)} in an outgoing connection's turn: whether it connected at once (else it finishes later). */
    public abstract boolean connect(AgentThread t, SocketChannel channel, SocketAddress remote) throws IOException;

    /** {@code channel.finishConnect()} in an outgoing connection's turn: whether the connection is made. */
    public abstract boolean finishConnect(AgentThread t, SocketChannel channel) throws IOException;

    /**
     * {@code channel.read(dst)} in {@code t}'s turn (a TCP connection, or a connected UDP socket): the
     * bytes read into {@code dst}, -1 at the end of the stream.
     */
    public abstract int read(AgentThread t, ReadableByteChannel channel, ByteBuffer dst) throws IOException;

    /** {@code channel.write(src)} in {@code t}'s turn: how many of {@code src}'s bytes the network took. */
    public abstract int write(AgentThread t, WritableByteChannel channel, ByteBuffer src) throws IOException;

    /** {@code channel.receive(dst)} in a UDP listener's turn: the datagram's sender (its bytes in {@code dst}), or null. */
    public abstract SocketAddress receive(AgentThread t, DatagramChannel channel, ByteBuffer dst) throws IOException;

    /** {@code channel.send(src, target)} in a UDP socket's turn: how many of {@code src}'s bytes were sent (all or none). */
    public abstract int send(AgentThread t, DatagramChannel channel, ByteBuffer src, SocketAddress target)
            throws IOException;

    /** A socket's address, read by {@code call} ("Socket.getRemoteSocketAddress()"): {@code live} gives it now. */
    public abstract SocketAddress address(AgentThread t, String call, Supplier<SocketAddress> live);

    /** {@code socket.isOutputShutdown()}. */
    public abstract boolean outputShutdown(AgentThread t, Socket socket);

    /** {@code socket.shutdownOutput()}: the connection's half close. */
    public abstract void shutdownOutput(AgentThread t, Socket socket) throws IOException;

    /**
     * {@code channel} is registered with Akka IO's selector for the connection actor {@code actor}
     * (its ref): whether the selector watches it. When recording it does; in replay it does not,
     * since what it said comes from the trace, and the channel is kept for {@link #cancelled}.
     */
    public abstract boolean registers(SelectableChannel channel, Object actor);

    /**
     * In replay, the connection actor of {@code t}'s turn cancelled its registration: its channel
     * is closed, as the recording's selector closed it before it said so.
     */
    public abstract void cancelled(AgentThread t);
}
