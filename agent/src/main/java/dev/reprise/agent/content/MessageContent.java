package dev.reprise.agent.content;

import akka.actor.ActorRef;
import akka.actor.ActorSystem;
import akka.actor.ExtendedActorSystem;
import akka.serialization.JavaSerializer;
import akka.serialization.SerializationExtension;
import akka.serialization.Serializer;
import akka.serialization.Serializers;
import dev.reprise.agent.flavour.Flavour;
import dev.reprise.trace.OutsideInputEntry;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.NotSerializableException;
import java.io.ObjectStreamException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.util.function.LongFunction;
import scala.util.DynamicVariable;

/**
 * The recorded content of input from outside the actor system: copied when recording (by the
 * agent's own object stream, {@link CopyOutput}, so that Akka's serialization settings and
 * warnings play no part) and made again in replay; a class the application bound to a serializer
 * of its own (not one of Akka's) is recorded with that serializer. The entry's frame is {@link
 * OutsideInputEntry}'s; entries written by older agents with Akka's serialization are still read.
 */
public final class MessageContent {
    private MessageContent() {}

    /**
     * Copies {@code message}, sent by the actor with trace id {@code sender} (0: no sender), into
     * its entry. Actor refs in it are written as their paths, as {@code system} names them.
     *
     * @throws NotSerializableException naming the class that cannot be copied, and why
     */
    public static byte[] encode(ActorSystem system, Object message, long sender) throws IOException {
        Serializer own = ownSerializer(system, message);
        if (own != null) {
            return encodeAkkaSerialized(own, message, sender); // the application's own serializer, bound to its class
        }
        ByteArrayOutputStream bytes = new ByteArrayOutputStream(256);
        DynamicVariable<ExtendedActorSystem> current = JavaSerializer.currentSystem();
        ExtendedActorSystem before = current.value();
        current.value_$eq((ExtendedActorSystem) system); // typed actor refs write their path through it
        try (CopyOutput out = new CopyOutput(bytes)) {
            out.writeObject(CopyOutput.ordered(message));
        } finally {
            current.value_$eq(before);
        }
        return OutsideInputEntry.copied(sender, message.getClass().getName(), bytes.toByteArray());
    }

    /**
     * The serializer the application bound to the message's class (or a supertype) in
     * {@code akka.actor.serialization-bindings}, if it is its own (not one of Akka's), else null.
     * Read from the bindings, not asked of Akka: asking resolves Java serialization for a {@code
     * Serializable} class, and Akka then logs its {@code [SECURITY]} warning.
     */
    private static Serializer ownSerializer(ActorSystem system, Object message) {
        Class<?> type = message.getClass();
        scala.collection.Iterator<scala.Tuple2<Class<?>, Serializer>> bindings =
                SerializationExtension.get(system).bindings().iterator();
        while (bindings.hasNext()) {
            scala.Tuple2<Class<?>, Serializer> b = bindings.next();
            if (!Flavour.current().owns(b._2().getClass().getName()) && b._1().isAssignableFrom(type)) {
                return b._2();
            }
        }
        return null;
    }

    /** An entry in Akka's form: the serializer's id and manifest, then its bytes. */
    private static byte[] encodeAkkaSerialized(Serializer serializer, Object message, long sender) {
        byte[] body = serializer.toBinary(message);
        byte[] manifest = Serializers.manifestFor(serializer, message).getBytes(StandardCharsets.UTF_8);
        return ByteBuffer.allocate(1 + 8 + 4 + 2 + manifest.length + body.length)
                .order(ByteOrder.LITTLE_ENDIAN)
                .put(OutsideInputEntry.AKKA_SERIALIZED_WITH_SENDER)
                .putLong(sender)
                .putInt(serializer.identifier())
                .putShort((short) manifest.length)
                .put(manifest)
                .put(body)
                .array();
    }

    /** The entry of a message whose content could not be recorded: only its class. */
    public static byte[] unrecorded(String className) {
        return OutsideInputEntry.unrecorded(className);
    }

    /** The class name of a message recorded by order only, or null if its content was recorded. */
    public static String unrecordedClass(byte[] entry) {
        return OutsideInputEntry.unrecordedClass(entry);
    }

    /** The trace id of a recorded message's sender (0: none), or {@link OutsideInputEntry#SENDER_NOT_RECORDED}. */
    public static long sender(byte[] entry) {
        return OutsideInputEntry.sender(entry);
    }

    /**
     * The recorded message, made again in {@code system}: its classes from the system's class
     * loader, its actor refs resolved by path.
     *
     * @throws IllegalArgumentException when the entry holds no content, or it cannot be made again
     */
    public static Object decode(ActorSystem system, byte[] entry) {
        return make(system, entry, id -> null).message();
    }

    /**
     * A message made again, and whether each actor ref in it named an actor of the system (a ref to
     * an actor not made yet resolves to nothing, and the message is better made again later).
     */
    public record Made(Object message, boolean refsResolved) {}

    /**
     * {@link #decode}, saying whether every actor ref in the message was found; {@code refById}
     * gives the live ref of an actor by its trace id (null: none), for the temp actors that are
     * not found by their path.
     */
    public static Made make(ActorSystem system, byte[] entry, LongFunction<ActorRef> refById) {
        int body = OutsideInputEntry.body(entry);
        if (body == 0) {
            throw new IllegalArgumentException("not a recorded message");
        }
        if (OutsideInputEntry.kind(entry) != OutsideInputEntry.COPIED) {
            return new Made(decodeAkkaSerialized(system, entry, body), true);
        }
        ExtendedActorSystem extended = (ExtendedActorSystem) system;
        DynamicVariable<ExtendedActorSystem> current = JavaSerializer.currentSystem();
        ExtendedActorSystem before = current.value();
        current.value_$eq(extended); // actor refs resolve their path through it
        try (CopyInput in = new CopyInput(
                new ByteArrayInputStream(entry, body, entry.length - body),
                extended.dynamicAccess().classLoader(),
                refById)) {
            Object message = in.readObject();
            return new Made(message, in.unresolvedRefs == 0);
        } catch (ObjectStreamException e) {
            throw new IllegalArgumentException(e.getMessage(), e);
        } catch (IOException | ClassNotFoundException e) {
            throw new IllegalArgumentException(e.toString(), e);
        } finally {
            current.value_$eq(before);
        }
    }

    /** An entry in Akka's form: the serializer's id and manifest, then its bytes. */
    private static Object decodeAkkaSerialized(ActorSystem system, byte[] entry, int body) {
        ByteBuffer b = ByteBuffer.wrap(entry).order(ByteOrder.LITTLE_ENDIAN);
        b.position(1 + OutsideInputEntry.senderBytes(entry));
        int serializer = b.getInt();
        String manifest = new String(entry, b.position() + 2, body - b.position() - 2, StandardCharsets.UTF_8);
        byte[] bytes = new byte[entry.length - body];
        System.arraycopy(entry, body, bytes, 0, bytes.length);
        return SerializationExtension.get(system)
                .deserialize(bytes, serializer, manifest)
                .get();
    }
}
