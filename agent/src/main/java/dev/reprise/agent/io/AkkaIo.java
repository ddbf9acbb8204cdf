package dev.reprise.agent.io;

import dev.reprise.agent.Agent;
import dev.reprise.agent.context.AgentThread;
import dev.reprise.agent.health.AgentLog;
import dev.reprise.replay.ReplayDivergence;
import java.io.IOException;
import java.net.DatagramSocket;
import java.net.Socket;
import java.net.SocketAddress;
import java.nio.ByteBuffer;
import java.nio.channels.DatagramChannel;
import java.nio.channels.ReadableByteChannel;
import java.nio.channels.ServerSocketChannel;
import java.nio.channels.SocketChannel;
import java.nio.channels.WritableByteChannel;
import java.util.function.Supplier;

/**
 * Akka IO's calls to the network, made in its TCP listener's and connections' turns (incoming and
 * outgoing) and its UDP sockets': the call
 * sites in Akka's classes call these instead ({@code AkkaIoInstrumentation}), and the mode's
 * {@link Network} records or replays them. Outside a turn whose calls are recorded, the call is
 * made as written. What the selector tells the connections (readable, writable, acceptable, the
 * registration) is outside input from the selector's own context ({@code SelectorTasks}).
 */
public final class AkkaIo {
    private AkkaIo() {}

    /** The thread's state when it runs a turn whose calls are recorded, else null. */
    private static AgentThread inTurn() {
        try {
            if (Agent.mode == null) {
                return null;
            }
            AgentThread t = AgentThread.current();
            return t.callOwner() != null ? t : null;
        } catch (Throwable e) {
            AgentLog.internalError("finding the turn of a network call", e);
            return null;
        }
    }

    /** An internal failure of the replay (not a divergence): said, and the call is made live. */
    private static void failed(RuntimeException e) {
        if (e instanceof ReplayDivergence d) {
            throw d;
        }
        AgentLog.internalError("replaying network input", e);
    }

    /** Whether Akka IO's selector watches {@code channel}, registered for {@code actor} ({@link Network#registers}). */
    public static boolean registers(Object channel, Object actor) {
        try {
            return Agent.mode == null
                    || Agent.mode.network().registers((java.nio.channels.SelectableChannel) channel, actor);
        } catch (Throwable e) {
            AgentLog.internalError("registering a channel with Akka IO's selector", e);
            return true;
        }
    }

    /** A stand-in registration was cancelled in the current turn ({@link Network#cancelled}). */
    public static void cancelled() {
        try {
            Agent.mode.network().cancelled(AgentThread.current());
        } catch (Throwable e) {
            AgentLog.internalError("closing a replayed connection's channel", e);
        }
    }

    public static SocketChannel accept(ServerSocketChannel channel) throws IOException {
        AgentThread t = inTurn();
        if (t != null) {
            try {
                return Agent.mode.network().accept(t, channel);
            } catch (RuntimeException e) {
                failed(e);
            }
        }
        return channel.accept();
    }

    public static boolean connect(SocketChannel channel, SocketAddress remote) throws IOException {
        AgentThread t = inTurn();
        if (t != null) {
            try {
                return Agent.mode.network().connect(t, channel, remote);
            } catch (RuntimeException e) {
                failed(e);
            }
        }
        return channel.connect(remote);
    }

    public static boolean finishConnect(SocketChannel channel) throws IOException {
        AgentThread t = inTurn();
        if (t != null) {
            try {
                return Agent.mode.network().finishConnect(t, channel);
            } catch (RuntimeException e) {
                failed(e);
            }
        }
        return channel.finishConnect();
    }

    public static int read(SocketChannel channel, ByteBuffer dst) throws IOException {
        return read((ReadableByteChannel) channel, dst);
    }

    /** A connected UDP socket's read. */
    public static int read(DatagramChannel channel, ByteBuffer dst) throws IOException {
        return read((ReadableByteChannel) channel, dst);
    }

    private static int read(ReadableByteChannel channel, ByteBuffer dst) throws IOException {
        AgentThread t = inTurn();
        if (t != null) {
            try {
                return Agent.mode.network().read(t, channel, dst);
            } catch (RuntimeException e) {
                failed(e);
            }
        }
        return channel.read(dst);
    }

    public static int write(SocketChannel channel, ByteBuffer src) throws IOException {
        return write((WritableByteChannel) channel, src);
    }

    /** A connected UDP socket's write. */
    public static int write(DatagramChannel channel, ByteBuffer src) throws IOException {
        return write((WritableByteChannel) channel, src);
    }

    private static int write(WritableByteChannel channel, ByteBuffer src) throws IOException {
        AgentThread t = inTurn();
        if (t != null) {
            try {
                return Agent.mode.network().write(t, channel, src);
            } catch (RuntimeException e) {
                failed(e);
            }
        }
        return channel.write(src);
    }

    public static SocketAddress receive(DatagramChannel channel, ByteBuffer dst) throws IOException {
        AgentThread t = inTurn();
        if (t != null) {
            try {
                return Agent.mode.network().receive(t, channel, dst);
            } catch (RuntimeException e) {
                failed(e);
            }
        }
        return channel.receive(dst);
    }

    public static int send(DatagramChannel channel, ByteBuffer src, SocketAddress target) throws IOException {
        AgentThread t = inTurn();
        if (t != null) {
            try {
                return Agent.mode.network().send(t, channel, src, target);
            } catch (RuntimeException e) {
                failed(e);
            }
        }
        return channel.send(src, target);
    }

    public static SocketAddress remoteAddress(Socket socket) {
        return address("Socket.getRemoteSocketAddress()", socket::getRemoteSocketAddress);
    }

    public static SocketAddress localAddress(Socket socket) {
        return address("Socket.getLocalSocketAddress()", socket::getLocalSocketAddress);
    }

    /** The address a UDP socket was bound to (its port, when any was asked for). */
    public static SocketAddress localAddress(DatagramSocket socket) {
        return address("DatagramSocket.getLocalSocketAddress()", socket::getLocalSocketAddress);
    }

    private static SocketAddress address(String call, Supplier<SocketAddress> live) {
        AgentThread t = inTurn();
        if (t != null) {
            try {
                return Agent.mode.network().address(t, call, live);
            } catch (RuntimeException e) {
                failed(e);
            }
        }
        return live.get();
    }

    public static boolean isOutputShutdown(Socket socket) {
        AgentThread t = inTurn();
        if (t != null) {
            try {
                return Agent.mode.network().outputShutdown(t, socket);
            } catch (RuntimeException e) {
                failed(e);
            }
        }
        return socket.isOutputShutdown();
    }

    public static void shutdownOutput(Socket socket) throws IOException {
        AgentThread t = inTurn();
        if (t != null) {
            try {
                Agent.mode.network().shutdownOutput(t, socket);
                return;
            } catch (RuntimeException e) {
                failed(e);
            }
        }
        socket.shutdownOutput();
    }
}
