package dev.reprise.agent.io;

import dev.reprise.agent.actor.Actors;
import dev.reprise.agent.actor.AgentActor;
import dev.reprise.agent.context.AgentThread;
import dev.reprise.agent.health.AgentLog;
import dev.reprise.replay.Replay;
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
import java.util.Collections;
import java.util.Map;
import java.util.WeakHashMap;
import java.util.concurrent.TimeUnit;
import java.util.function.Function;
import java.util.function.Supplier;

/**
 * Replay: each network call returns its recorded result, whatever the network does now. A
 * connection the recording accepted is a stand-in channel with no peer of its own; where the
 * replay has clients, the next live client is paired with it and gets the replayed responses
 * (input from the trace: none). An outgoing connection is not made again. Either way, what the
 * connection reads comes from the trace and what it writes counts as recorded.
 * Past the trace's end, calls go to the network.
 */
public final class ReplayedNetwork extends Network {
    /**
     * How long a recorded connection waits for a live client before it goes on without one, past
     * twice the time the recording waited for it since the previous one (a server idle between
     * clients waits as long as it did).
     */
    private static final long PEER_WAIT_NANOS = TimeUnit.SECONDS.toNanos(5);
    /** How long a replayed write waits for a slow live client to take the recorded bytes. */
    private static final long WRITE_WAIT_NANOS = TimeUnit.SECONDS.toNanos(10);

    private final Replay replay;
    /** The previous accept's recorded time (ms into the recorded run) and this replay's time of it; guarded by this. */
    private long lastAcceptedAt;

    private long lastAcceptNanos = System.nanoTime();
    /**
     * The live client of each stand-in connection, where one connected: it gets the replayed
     * writes, and is half closed (never reset) when the connection closes, since it may still be
     * sending what the replay already took from the trace.
     */
    private final Map<SocketChannel, SocketChannel> peers = Collections.synchronizedMap(new WeakHashMap<>());
    /** The channel each connection actor registered, while it lives: its stand-in registration closes it. */
    private final Map<AgentActor, SelectableChannel> channels = Collections.synchronizedMap(new WeakHashMap<>());
    /** Whether live clients may connect (a plain replay), or input comes from the trace alone. */
    private final boolean livePeers;

    public ReplayedNetwork(Replay replay, boolean livePeers) {
        this.replay = replay;
        this.livePeers = livePeers;
    }

    /** The recorded result of {@code t}'s call here, or null past the end of the trace (then the call is live). */
    private byte[] recorded(AgentThread t, String call) {
        return replay.expectSystemCall(t.callOwner().id(), call);
    }

    @Override
    public SocketChannel accept(AgentThread t, ServerSocketChannel channel) throws IOException {
        byte[] r = recorded(t, "ServerSocketChannel.accept()");
        if (r == null) {
            return channel.accept();
        }
        IoResults.throwIfFailed(r);
        if (IoResults.count(r) == 0) {
            return null;
        }
        SocketChannel standIn = SocketChannel.open(); // what the program sees: open, with no peer of its own
        SocketChannel live = livePeers ? awaitClient(channel, peerDeadline(IoResults.acceptedAt(r))) : null;
        if (live != null) {
            live.configureBlocking(false);
            peers.put(standIn, live);
        }
        return standIn;
    }

    /**
     * Until when a recorded accept at {@code acceptedAt} (ms into the recorded run, -1: unknown)
     * waits for its live client: the recorded wait since the previous accept, twice, and five
     * seconds more, counted from the previous accept in this replay.
     */
    private synchronized long peerDeadline(long acceptedAt) {
        long recordedWait = acceptedAt < 0 ? 0 : Math.max(0, acceptedAt - lastAcceptedAt);
        long deadline = Math.max(
                System.nanoTime() + PEER_WAIT_NANOS,
                lastAcceptNanos + 2 * TimeUnit.MILLISECONDS.toNanos(recordedWait) + PEER_WAIT_NANOS);
        if (acceptedAt >= 0) {
            lastAcceptedAt = acceptedAt;
        }
        return deadline;
    }

    /** The previous accept in this replay happened now (its live client came, or it went on without). */
    private synchronized void accepted() {
        lastAcceptNanos = System.nanoTime();
    }

    /** The next live client's connection, if one connects by {@code deadline} (a non-blocking server channel is polled). */
    private SocketChannel awaitClient(ServerSocketChannel channel, long deadline) {
        try {
            while (channel.isOpen()) {
                SocketChannel c = channel.accept();
                if (c != null || System.nanoTime() > deadline) {
                    accepted();
                    if (c == null) {
                        AgentLog.warnOnce(
                                "no live client",
                                "a connection the recording accepted has no live client in this replay: it "
                                        + "reads what the trace holds, and its responses go nowhere");
                    }
                    return c;
                }
                Thread.sleep(5);
            }
        } catch (IOException e) {
            AgentLog.warnOnce(
                    "no live client",
                    "a live client could not be accepted (" + e + "): the "
                            + "connection reads what the trace holds, and its responses go nowhere");
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        return null;
    }

    @Override
    public boolean connect(AgentThread t, SocketChannel channel, SocketAddress remote) throws IOException {
        return replayed(
                t, "SocketChannel.connect(SocketAddress)", () -> channel.connect(remote), r -> IoResults.count(r) != 0);
    }

    @Override
    public boolean finishConnect(AgentThread t, SocketChannel channel) throws IOException {
        return replayed(t, "SocketChannel.finishConnect()", channel::finishConnect, r -> IoResults.count(r) != 0);
    }

    /**
     * The recorded result of {@code t}'s call here, made again by {@code fromTrace}, or its recorded
     * failure thrown again; past the end of the trace, {@code live} makes the call.
     */
    private <T> T replayed(AgentThread t, String call, IoCall<T> live, Function<byte[], T> fromTrace)
            throws IOException {
        byte[] r = recorded(t, call);
        if (r == null) {
            return live.call();
        }
        IoResults.throwIfFailed(r);
        return fromTrace.apply(r);
    }

    /** A recorded count of bytes the network took from {@code src}: they count as taken. */
    private static int taken(byte[] r, ByteBuffer src) {
        int n = IoResults.count(r);
        src.position(src.position() + n);
        return n;
    }

    @Override
    public int read(AgentThread t, ReadableByteChannel channel, ByteBuffer dst) throws IOException {
        return replayed(t, "SocketChannel.read(ByteBuffer)", () -> channel.read(dst), r -> IoResults.putRead(r, dst));
    }

    @Override
    public int write(AgentThread t, WritableByteChannel channel, ByteBuffer src) throws IOException {
        return replayed(t, "SocketChannel.write(ByteBuffer)", () -> channel.write(src), r -> {
            SocketChannel live = peers.get(channel);
            if (live != null) {
                writeLive(live, src.duplicate().limit(src.position() + IoResults.count(r)));
            }
            return taken(r, src);
        });
    }

    /** The recorded bytes to the live client, all of them; one that went away or stalls misses them. */
    private static void writeLive(SocketChannel channel, ByteBuffer bytes) {
        long deadline = System.nanoTime() + WRITE_WAIT_NANOS;
        try {
            while (bytes.hasRemaining() && System.nanoTime() < deadline) {
                if (channel.write(bytes) == 0) {
                    Thread.sleep(1);
                }
            }
        } catch (IOException e) {
            AgentLog.debug("a live client did not take its replayed response: " + e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    /** A datagram the recording received: its bytes and sender from the trace (UDP has no live peer to pair). */
    @Override
    public SocketAddress receive(AgentThread t, DatagramChannel channel, ByteBuffer dst) throws IOException {
        return replayed(
                t,
                "DatagramChannel.receive(ByteBuffer)",
                () -> channel.receive(dst),
                r -> IoResults.putReceived(r, dst));
    }

    /** A datagram the recording sent counts as sent; it goes nowhere. */
    @Override
    public int send(AgentThread t, DatagramChannel channel, ByteBuffer src, SocketAddress target) throws IOException {
        return replayed(
                t,
                "DatagramChannel.send(ByteBuffer, SocketAddress)",
                () -> channel.send(src, target),
                r -> taken(r, src));
    }

    @Override
    public SocketAddress address(AgentThread t, String call, Supplier<SocketAddress> live) {
        byte[] r = recorded(t, call);
        return r == null ? live.get() : IoResults.address(r);
    }

    @Override
    public boolean registers(SelectableChannel channel, Object actor) {
        AgentActor a = actor instanceof akka.actor.ActorRef ref ? Actors.ofRef(ref) : null;
        if (a != null) {
            channels.put(a, channel);
        }
        return false;
    }

    @Override
    public void cancelled(AgentThread t) {
        SelectableChannel channel = t.current != null ? channels.remove(t.current) : null;
        if (channel != null) {
            try {
                channel.close();
                SocketChannel live = peers.remove(channel);
                if (live != null) {
                    live.shutdownOutput();
                }
            } catch (IOException e) {
                AgentLog.debug("a replayed connection's channel did not close: " + e);
            }
        }
    }

    @Override
    public boolean outputShutdown(AgentThread t, Socket socket) {
        byte[] r = recorded(t, "Socket.isOutputShutdown()");
        return r == null ? socket.isOutputShutdown() : IoResults.count(r) != 0;
    }

    @Override
    public void shutdownOutput(AgentThread t, Socket socket) throws IOException {
        byte[] r = recorded(t, "Socket.shutdownOutput()");
        if (r == null) {
            socket.shutdownOutput();
            return;
        }
        IoResults.throwIfFailed(r);
        SocketChannel live = peers.get(socket.getChannel());
        if (live != null) {
            try {
                live.shutdownOutput();
            } catch (IOException e) {
                AgentLog.debug("a live client's connection could not be half closed: " + e);
            }
        }
    }
}
