package dev.reprise.agent.replay;

import akka.actor.ActorSystem;
import akka.serialization.DisabledJavaSerializer;
import akka.serialization.SerializationExtension;
import akka.serialization.Serializer;
import akka.serialization.Serializers;
import java.io.NotSerializableException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;

/**
 * The recorded content of input from outside the actor system, written when recording and read
 * back in replay, with the actor system's own serialization:
 * {@code [3][u64 sender id][i32 serializer id][u16 manifest length][manifest, UTF-8][bytes]}, where
 * the sender is the trace id of the envelope's sender (0: none, or dead letters); or
 * {@code [0][class name, UTF-8]} for a message whose content could not be recorded. Older traces
 * hold {@code [2]} entries (the same with a u32 sender, trace format version 3) or {@code [1]}
 * entries (without the sender, written before senders were recorded).
 */
public final class MessageContent {
    private static final byte UNRECORDED = 0;
    private static final byte SERIALIZED = 1;
    private static final byte SERIALIZED_WITH_SENDER_32 = 2;
    private static final byte SERIALIZED_WITH_SENDER = 3;
    /** {@link #sender} of an entry that does not say (recorded before senders were). */
    static final long SENDER_NOT_RECORDED = -1;

    private MessageContent() {}

    /**
     * Serialises {@code message}, sent by the actor with trace id {@code sender} (0: no sender),
     * with {@code system}'s serializers.
     *
     * @throws NotSerializableException when no serializer takes it (Java serialization off included)
     */
    public static byte[] encode(ActorSystem system, Object message, long sender) throws NotSerializableException {
        Serializer serializer = SerializationExtension.get(system).findSerializerFor(message);
        if (serializer instanceof DisabledJavaSerializer) {
            // Akka would log a security warning of its own on toBinary: the answer is known already.
            throw new NotSerializableException("no serializer is bound and Java serialization is off");
        }
        byte[] bytes = serializer.toBinary(message);
        byte[] manifest = Serializers.manifestFor(serializer, message).getBytes(StandardCharsets.UTF_8);
        ByteBuffer b = ByteBuffer.allocate(1 + 8 + 4 + 2 + manifest.length + bytes.length)
                .order(ByteOrder.LITTLE_ENDIAN);
        b.put(SERIALIZED_WITH_SENDER)
                .putLong(sender)
                .putInt(serializer.identifier())
                .putShort((short) manifest.length)
                .put(manifest)
                .put(bytes);
        return b.array();
    }

    /** The record of a message whose content could not be recorded: only its class. */
    public static byte[] unrecorded(String className) {
        byte[] name = className.getBytes(StandardCharsets.UTF_8);
        return ByteBuffer.allocate(1 + name.length).put(UNRECORDED).put(name).array();
    }

    /** The class name of a message recorded by order only, or null if its content was recorded. */
    static String unrecordedClass(byte[] content) {
        return content.length > 0 && content[0] == UNRECORDED
                ? new String(content, 1, content.length - 1, StandardCharsets.UTF_8)
                : null;
    }

    /** The trace id of a recorded message's sender (0: none), or {@link #SENDER_NOT_RECORDED}. */
    static long sender(byte[] content) {
        int n = senderBytes(content);
        if (n == 0 || content.length < 1 + n) {
            return SENDER_NOT_RECORDED;
        }
        ByteBuffer b = ByteBuffer.wrap(content, 1, n).order(ByteOrder.LITTLE_ENDIAN);
        return n == 8 ? b.getLong() : b.getInt() & 0xFFFFFFFFL;
    }

    /** How many bytes the sender id takes in an entry of {@code content}'s kind (0: it has none). */
    private static int senderBytes(byte[] content) {
        if (content.length == 0) {
            return 0;
        }
        return switch (content[0]) {
            case SERIALIZED_WITH_SENDER -> 8;
            case SERIALIZED_WITH_SENDER_32 -> 4;
            default -> 0;
        };
    }

    static Object decode(ActorSystem system, byte[] content) {
        ByteBuffer b = ByteBuffer.wrap(content).order(ByteOrder.LITTLE_ENDIAN);
        byte kind = b.get();
        if (kind != SERIALIZED && kind != SERIALIZED_WITH_SENDER && kind != SERIALIZED_WITH_SENDER_32) {
            throw new IllegalArgumentException("not a recorded message");
        }
        b.position(1 + senderBytes(content)); // the sender: see sender(content)
        int serializer = b.getInt();
        byte[] manifest = new byte[b.getShort() & 0xFFFF];
        b.get(manifest);
        byte[] bytes = new byte[b.remaining()];
        b.get(bytes);
        return SerializationExtension.get(system)
                .deserialize(bytes, serializer, new String(manifest, StandardCharsets.UTF_8))
                .get();
    }
}
