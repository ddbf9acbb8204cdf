package dev.reprise.agent.content;

import dev.reprise.agent.io.StandInRegistration;
import java.io.IOException;
import java.io.ObjectOutputStream;
import java.io.OutputStream;
import java.io.Serializable;
import java.util.Optional;

/**
 * Java's object stream, writing a {@link FieldsCopy} in place of each object whose class is not
 * {@link Serializable}: one stream for Scala's case classes and collections (serializable, with
 * their own readResolve), enums, records and plain classes, whatever Akka's serialization settings
 * say. Akka's actor refs write themselves as their paths. The JDK's unmodifiable maps and sets
 * replace themselves (writeReplace) before this stream sees them, so where the agent meets them
 * first (the message itself, a copied object's field) it copies them in order ({@link
 * OrderedCopy}).
 */
final class CopyOutput extends ObjectOutputStream {
    CopyOutput(OutputStream out) throws IOException {
        super(out);
        enableReplaceObject(true);
    }

    /** {@code o}, or its {@link OrderedCopy} if it is a map or set whose order each JVM salts. */
    static Object ordered(Object o) {
        return OrderedCopy.applies(o) ? OrderedCopy.of(o) : o;
    }

    @Override
    protected Object replaceObject(Object o) throws IOException {
        if (o instanceof akka.io.ChannelRegistration) {
            return new StandInRegistration(); // the selector's registration: replay's selector watches nothing
        }
        if (o == null || o instanceof Serializable) {
            return o; // arrays, strings, enums, boxes included
        }
        if (o instanceof Optional<?> optional) {
            return new OptionalCopy(optional.orElse(null));
        }
        return FieldsCopy.of(o);
    }
}
