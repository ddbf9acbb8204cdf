package dev.reprise.replay;

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
 * {@code [2][u32 sender id][i32 serializer id][u16 manifest length][manifest, UTF-8][bytes]}, where
 * the sender is the trace id of the envelope's sender (0: none, or dead letters); or
 * {@code [0][class name, UTF-8]} for a message whose content could not be recorded. Traces
 * written before senders were recorded hold {@code [1]} entries: the same without the sender.
 */
public final class MessageContent {
    private static final byte UNRECORDED = 0;
    private static final byte SERIALIZED = 1;
    private static final byte SERIALIZED_WITH_SENDER = 2;
    /** {@link #sender} of an entry that does not say (recorded before senders were). */
    static final int SENDER_NOT_RECORDED = -1;

    private MessageContent() {}

    /**
     * Serialises {@code message}, sent by the actor with trace id {@code sender} (0: no sender),
     * with {@code system}'s serializers.
     *
     * @throws NotSerializableException when no serializer takes it (Java serialization off included)
     */
    public static ByteBuffer encode(ActorSystem system, Object message, int sender) throws NotSerializableException {
        Serializer serializer = SerializationExtension.get(system).findSerializerFor(message);
        if (serializer instanceof DisabledJavaSerializer) {
            // Akka would log a security warning of its own on toBinary: the answer is known already.
            throw new NotSerializableException("no serializer is bound and Java serialization is off");
        }
        byte[] bytes = serializer.toBinary(message);
        byte[] manifest = Serializers.manifestFor(serializer, message).getBytes(StandardCharsets.UTF_8);
        ByteBuffer b = ByteBuffer.allocate(1 + 4 + 4 + 2 + manifest.length + bytes.length).order(ByteOrder.LITTLE_ENDIAN);
        b.put(SERIALIZED_WITH_SENDER).putInt(sender).putInt(serializer.identifier()).putShort((short) manifest.length).put(manifest).put(bytes);
        return b.flip();
    }

    /** The record of a message whose content could not be recorded: only its class. */
    public static ByteBuffer unrecorded(String className) {
        byte[] name = className.getBytes(StandardCharsets.UTF_8);
        return ByteBuffer.allocate(1 + name.length).put(UNRECORDED).put(name).flip();
    }

    /** The class name of a message recorded by order only, or null if its content was recorded. */
    static String unrecordedClass(byte[] content) {
        return content.length > 0 && content[0] == UNRECORDED
                ? new String(content, 1, content.length - 1, StandardCharsets.UTF_8) : null;
    }

    /** The trace id of the recorded message's sender (0: none), or {@link #SENDER_NOT_RECORDED}. */
    static int sender(byte[] content) {
        if (content.length < 5 || content[0] != SERIALIZED_WITH_SENDER) {
            return SENDER_NOT_RECORDED;
        }
        return ByteBuffer.wrap(content, 1, 4).order(ByteOrder.LITTLE_ENDIAN).getInt();
    }

    static Object decode(ActorSystem system, byte[] content) {
        ByteBuffer b = ByteBuffer.wrap(content).order(ByteOrder.LITTLE_ENDIAN);
        byte kind = b.get();
        if (kind == SERIALIZED_WITH_SENDER) {
            b.getInt(); // the sender: see sender(content)
        } else if (kind != SERIALIZED) {
            throw new IllegalArgumentException("not a recorded message");
        }
        int serializer = b.getInt();
        byte[] manifest = new byte[b.getShort() & 0xFFFF];
        b.get(manifest);
        byte[] bytes = new byte[b.remaining()];
        b.get(bytes);
        return SerializationExtension.get(system)
                .deserialize(bytes, serializer, new String(manifest, StandardCharsets.UTF_8)).get();
    }
}
