package dev.reprise.replay;

import akka.actor.ActorSystem;
import akka.serialization.SerializationExtension;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;

/**
 * Turns recorded outside input back into a message, with the actor system's own serialization
 * ({@code [1][i32 serializer id][u16 manifest length][manifest][bytes]}); {@code [0][class name]}
 * marks a message whose content could not be recorded.
 */
final class MessageDecoding {
    private MessageDecoding() {}

    /** The class name of a message recorded by order only, or null if its content was recorded. */
    static String unrecordedClass(byte[] content) {
        return content.length > 0 && content[0] == 0
                ? new String(content, 1, content.length - 1, StandardCharsets.UTF_8) : null;
    }

    static Object decode(ActorSystem system, byte[] content) {
        ByteBuffer b = ByteBuffer.wrap(content).order(ByteOrder.LITTLE_ENDIAN);
        if (b.get() != 1) {
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
