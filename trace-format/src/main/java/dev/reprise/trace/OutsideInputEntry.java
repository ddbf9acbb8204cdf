package dev.reprise.trace;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;

/**
 * How the data file frames the recorded content of one outside input (a message sent into the
 * actor system from outside it). The first byte is the entry's kind:
 *
 * <ul>
 *   <li>{@code [4][u64 sender][u16 class name length][class name, UTF-8][copy]}: the message as
 *       the agent copied it (its own object stream, independent of Akka's serialization
 *       settings);
 *   <li>{@code [0][class name, UTF-8]}: a message whose content could not be recorded, by order
 *       only;
 *   <li>written by older agents, with Akka's serialization:
 *       {@code [3][u64 sender][i32 serializer id][u16 manifest length][manifest][bytes]}, {@code
 *       [2]} the same with a u32 sender (trace format version 3), {@code [1]} without the sender.
 * </ul>
 *
 * <p>The sender is the trace id of the envelope's sender (0: none, or dead letters). This class
 * reads and writes the frame only; what is inside a copy is the agent's business.
 */
public final class OutsideInputEntry {
    /** By order only: the content could not be recorded. */
    public static final byte UNRECORDED = 0;
    /** Akka-serialised, without the sender (the oldest traces). */
    public static final byte AKKA_SERIALIZED = 1;
    /** Akka-serialised, with a u32 sender (trace format version 3). */
    public static final byte AKKA_SERIALIZED_WITH_SENDER_32 = 2;
    /** Akka-serialised, with a u64 sender. */
    public static final byte AKKA_SERIALIZED_WITH_SENDER = 3;
    /** Copied by the agent, with a u64 sender and the message's class name. */
    public static final byte COPIED = 4;
    /** {@link #sender} of an entry that does not say (recorded before senders were). */
    public static final long SENDER_NOT_RECORDED = -1;

    private OutsideInputEntry() {}

    /** A copied message's entry: sent by {@code sender}, of class {@code className}, {@code copy} its content. */
    public static byte[] copied(long sender, String className, byte[] copy) {
        byte[] name = className.getBytes(StandardCharsets.UTF_8);
        return ByteBuffer.allocate(1 + 8 + 2 + name.length + copy.length)
                .order(ByteOrder.LITTLE_ENDIAN)
                .put(COPIED)
                .putLong(sender)
                .putShort((short) name.length)
                .put(name)
                .put(copy)
                .array();
    }

    /** The entry of a message whose content could not be recorded: only its class. */
    public static byte[] unrecorded(String className) {
        byte[] name = className.getBytes(StandardCharsets.UTF_8);
        return ByteBuffer.allocate(1 + name.length).put(UNRECORDED).put(name).array();
    }

    /** The entry's kind (its first byte), or -1 for an empty entry. */
    public static int kind(byte[] entry) {
        return entry.length == 0 ? -1 : entry[0];
    }

    /** The class name of a message recorded by order only, or null if its content was recorded. */
    public static String unrecordedClass(byte[] entry) {
        return kind(entry) == UNRECORDED ? new String(entry, 1, entry.length - 1, StandardCharsets.UTF_8) : null;
    }

    /** The class name of a copied or unrecorded message, or null if the entry does not say. */
    public static String className(byte[] entry) {
        if (kind(entry) == COPIED && entry.length >= 11) {
            int n = nameLength(entry);
            return 11 + n <= entry.length ? new String(entry, 11, n, StandardCharsets.UTF_8) : null;
        }
        return unrecordedClass(entry);
    }

    /** The trace id of a recorded message's sender (0: none), or {@link #SENDER_NOT_RECORDED}. */
    public static long sender(byte[] entry) {
        int n = senderBytes(entry);
        if (n == 0 || entry.length < 1 + n) {
            return SENDER_NOT_RECORDED;
        }
        ByteBuffer b = ByteBuffer.wrap(entry, 1, n).order(ByteOrder.LITTLE_ENDIAN);
        return n == 8 ? b.getLong() : b.getInt() & 0xFFFFFFFFL;
    }

    /**
     * Where the message's own bytes start (the copy, or Akka's serialised bytes), or 0 when the
     * entry holds none or is cut short.
     */
    public static int body(byte[] entry) {
        int at;
        switch (kind(entry)) {
            case COPIED -> {
                if (entry.length < 11) {
                    return 0;
                }
                at = 11 + nameLength(entry);
            }
            case AKKA_SERIALIZED, AKKA_SERIALIZED_WITH_SENDER_32, AKKA_SERIALIZED_WITH_SENDER -> {
                int manifestAt = 1 + senderBytes(entry) + 4;
                if (entry.length < manifestAt + 2) {
                    return 0;
                }
                at = manifestAt + 2 + LittleEndian.getUnsignedShort(entry, manifestAt);
            }
            default -> {
                return 0;
            }
        }
        return at <= entry.length ? at : 0;
    }

    /** How many bytes the sender id takes in an entry of {@code entry}'s kind (0: it has none). */
    public static int senderBytes(byte[] entry) {
        return switch (kind(entry)) {
            case COPIED, AKKA_SERIALIZED_WITH_SENDER -> 8;
            case AKKA_SERIALIZED_WITH_SENDER_32 -> 4;
            default -> 0;
        };
    }

    private static int nameLength(byte[] entry) {
        return LittleEndian.getUnsignedShort(entry, 9);
    }
}
