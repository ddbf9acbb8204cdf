package dev.reprise.agent.io;

import java.io.IOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.SocketAddress;
import java.net.UnknownHostException;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;

/**
 * How a network call's result is kept in the trace (a system call's value): a kind byte, then
 * what the kind needs, big-endian. {@code [0][i32 n][n bytes]} a read; {@code [0][i32 n]} a write
 * or a flag; {@code [0][i32 0|1][i64 ms]} an accept, none or one, and when (milliseconds since the
 * run began); {@code [0]} no address, {@code [1][u8 length][address][i32 port]} an address;
 * {@code [3][i32 n][address as above, without its kind][n bytes]} a datagram received from that
 * address, {@code [3][i32 -1]} none; {@code [2][message, UTF-8]} the call failed with an
 * {@code IOException}.
 */
final class IoResults {
    private static final byte VALUE = 0;
    private static final byte ADDRESS = 1;
    private static final byte FAILED = 2;
    private static final byte RECEIVED = 3;

    private IoResults() {}

    /** A count or a flag (1 true, 0 false). */
    static byte[] count(int n) {
        return ByteBuffer.allocate(5).put(VALUE).putInt(n).array();
    }

    /** A flag: a count of 1 (true) or 0. */
    static byte[] flag(boolean yes) {
        return count(yes ? 1 : 0);
    }

    /** An accept that found a connection or none, {@code millis} into the run. */
    static byte[] accepted(boolean one, long millis) {
        return ByteBuffer.allocate(13)
                .put(VALUE)
                .putInt(one ? 1 : 0)
                .putLong(millis)
                .array();
    }

    /** When a recorded accept was made (milliseconds into the run), or -1 if the result does not say. */
    static long acceptedAt(byte[] r) {
        return r.length >= 13 ? ByteBuffer.wrap(r, 5, 8).getLong() : -1;
    }

    /** A read of {@code n} bytes into {@code dst} from {@code from}: the count and the bytes. */
    static byte[] read(ByteBuffer dst, int from, int n) {
        int length = Math.max(n, 0);
        ByteBuffer b = ByteBuffer.allocate(5 + length).put(VALUE).putInt(n);
        b.put(dst.duplicate().position(from).limit(from + length));
        return b.array();
    }

    /** A datagram received from {@code sender} into {@code dst} from {@code from} on, or none (null sender). */
    static byte[] received(SocketAddress sender, ByteBuffer dst, int from) {
        if (sender == null) {
            return ByteBuffer.allocate(5).put(RECEIVED).putInt(-1).array();
        }
        byte[] address = address(sender);
        int length = dst.position() - from;
        return ByteBuffer.allocate(5 + address.length - 1 + length)
                .put(RECEIVED)
                .putInt(length)
                .put(address, 1, address.length - 1)
                .put(dst.duplicate().position(from).limit(from + length))
                .array();
    }

    /** Puts a recorded datagram's bytes into {@code dst}; returns its sender, or null when none was received. */
    static SocketAddress putReceived(byte[] r, ByteBuffer dst) {
        int n = count(r);
        if (n < 0) {
            return null;
        }
        int length = r[5];
        byte[] asAddress = new byte[2 + length + 4];
        asAddress[0] = ADDRESS;
        System.arraycopy(r, 5, asAddress, 1, 1 + length + 4);
        dst.put(r, 5 + 1 + length + 4, n);
        return address(asAddress);
    }

    static byte[] failed(IOException e) {
        String m = e.getClass().getName() + ": " + (e.getMessage() != null ? e.getMessage() : "");
        byte[] text = m.getBytes(StandardCharsets.UTF_8);
        return ByteBuffer.allocate(1 + text.length).put(FAILED).put(text).array();
    }

    static byte[] address(SocketAddress a) {
        if (!(a instanceof InetSocketAddress in) || in.getAddress() == null) {
            return new byte[] {VALUE};
        }
        byte[] ip = in.getAddress().getAddress();
        return ByteBuffer.allocate(2 + ip.length + 4)
                .put(ADDRESS)
                .put((byte) ip.length)
                .put(ip)
                .putInt(in.getPort())
                .array();
    }

    /** The call's recorded failure, thrown again as an {@code IOException} with its message. */
    static void throwIfFailed(byte[] r) throws IOException {
        if (r.length > 0 && r[0] == FAILED) {
            throw new IOException(new String(r, 1, r.length - 1, StandardCharsets.UTF_8) + " (as recorded)");
        }
    }

    static int count(byte[] r) {
        return ByteBuffer.wrap(r, 1, 4).getInt();
    }

    /** Puts a recorded read's bytes into {@code dst}; returns the count read. */
    static int putRead(byte[] r, ByteBuffer dst) {
        int n = count(r);
        if (n > 0) {
            dst.put(r, 5, n);
        }
        return n;
    }

    static SocketAddress address(byte[] r) {
        if (r[0] != ADDRESS) {
            return null;
        }
        int length = r[1];
        byte[] ip = new byte[length];
        System.arraycopy(r, 2, ip, 0, length);
        try {
            return new InetSocketAddress(
                    InetAddress.getByAddress(ip),
                    ByteBuffer.wrap(r, 2 + length, 4).getInt());
        } catch (UnknownHostException e) {
            throw new IllegalArgumentException("a recorded address of " + length + " bytes", e);
        }
    }
}
