package dev.reprise.agent;

import akka.actor.ActorSystem;
import akka.serialization.Serialization;
import akka.serialization.SerializationExtension;
import akka.serialization.Serializer;
import akka.serialization.Serializers;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;

/**
 * The recorded content of a message from outside, serialised with the actor system's own
 * serialization setup (on the recorder's writer thread):
 * {@code [1][i32 serializer id][u16 manifest length][manifest, UTF-8][bytes]}. A message that
 * cannot be serialised is recorded as {@code [0][class name, UTF-8]}: its order is known, its
 * content is not, and replay says so. The first such message of each class is warned about.
 */
public final class MessageContent {
    static final byte SERIALIZED = 1;
    static final byte UNSERIALIZABLE = 0;
    static final String UNSERIALIZABLE_COUNT = "unserializableMessages";

    private MessageContent() {}

    static ByteBuffer encode(ActorSystem system, Object message) {
        try {
            Serialization serialization = SerializationExtension.get(system);
            Serializer serializer = serialization.findSerializerFor(message);
            if (serializer instanceof akka.serialization.DisabledJavaSerializer) {
                // Akka would log a security warning of its own: we know the answer already.
                throw new java.io.NotSerializableException("no serializer is bound and Java serialization is off");
            }
            byte[] bytes = serializer.toBinary(message);
            byte[] manifest = Serializers.manifestFor(serializer, message).getBytes(StandardCharsets.UTF_8);
            ByteBuffer b = ByteBuffer.allocate(1 + 4 + 2 + manifest.length + bytes.length)
                    .order(java.nio.ByteOrder.LITTLE_ENDIAN);
            b.put(SERIALIZED).putInt(serializer.identifier()).putShort((short) manifest.length).put(manifest).put(bytes);
            return b.flip();
        } catch (Throwable e) {
            String type = message.getClass().getName();
            Agent.recorder.count(UNSERIALIZABLE_COUNT, 1);
            AgentLog.warnOnce("unserializable:" + type, "cannot serialize a message of class " + type
                    + " sent from outside the actor system (" + e.getClass().getSimpleName() + ": " + e.getMessage()
                    + "); its order is recorded, its content is not, so replay cannot deliver it."
                    + " Bind a serializer for it in akka.actor.serialization-bindings.");
            byte[] name = type.getBytes(StandardCharsets.UTF_8);
            return ByteBuffer.allocate(1 + name.length).put(UNSERIALIZABLE).put(name).flip();
        }
    }
}
