package dev.reprise.savina.peer;

import akka.actor.AbstractActor;
import akka.actor.ActorSystem;
import akka.serialization.Serialization;
import akka.serialization.SerializationExtension;
import akka.serialization.Serializer;
import com.typesafe.config.Config;
import com.typesafe.config.ConfigFactory;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.file.Path;
import java.util.Queue;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.LinkedBlockingQueue;

/**
 * Content-based recording as Actoverse does it: every processed message serialized with the actor
 * system's serialization, framed as (receiver, serializer id, length, bytes) in a buffer the
 * processing thread owns; full buffers go to a writer thread that appends them to the file.
 *
 * <p>Java serialization is switched on for this peer (Akka 2.6 turns it off by default); the
 * benchmark messages are {@link java.io.Serializable}, like Scala case classes. A message no
 * serializer takes is counted as unserializable and not recorded.
 */
final class ContentPeer implements Peer {
    private static final int BUFFER_BYTES = 64 * 1024;
    private static final ByteBuffer END = ByteBuffer.allocate(0);

    /** One thread's buffer and counts; only that thread touches it until {@link #stop}. */
    private static final class ThreadBuffer {
        ByteBuffer bytes = ByteBuffer.allocate(BUFFER_BYTES);
        long messages;
        long unserializable;
    }

    private final Serialization serialization;
    private final ThreadLocal<ThreadBuffer> buffers;
    private final Queue<ThreadBuffer> all = new ConcurrentLinkedQueue<>();
    private final LinkedBlockingQueue<ByteBuffer> full = new LinkedBlockingQueue<>();
    private final RotatingFile file;
    private final Thread writer;
    private volatile IOException writeFailure;

    static Config configure(Config config) {
        return ConfigFactory.parseString("akka.actor.allow-java-serialization = on\n"
                        + "akka.actor.warn-about-java-serializer-usage = off\n")
                .withFallback(config);
    }

    ContentPeer(ActorSystem system, Path file) throws IOException {
        serialization = SerializationExtension.get(system);
        this.file = new RotatingFile(file);
        buffers = ThreadLocal.withInitial(() -> {
            ThreadBuffer b = new ThreadBuffer();
            all.add(b);
            return b;
        });
        writer = new Thread(this::write, "content-peer-writer");
        writer.setDaemon(true);
        writer.start();
    }

    @Override
    public void received(AbstractActor actor, Object message) {
        ThreadBuffer b = buffers.get();
        b.messages++;
        byte[] bytes;
        int serializerId;
        try {
            Serializer serializer = serialization.findSerializerFor(message);
            bytes = serializer.toBinary(message);
            serializerId = serializer.identifier();
        } catch (RuntimeException e) { // NotSerializableException comes wrapped, or none was found
            b.unserializable++;
            return;
        }
        int frame = 12 + bytes.length;
        if (b.bytes.remaining() < frame) {
            b.bytes.flip();
            full.add(b.bytes);
            b.bytes = ByteBuffer.allocate(Math.max(BUFFER_BYTES, frame));
        }
        b.bytes
                .putInt(System.identityHashCode(actor))
                .putInt(serializerId)
                .putInt(bytes.length)
                .put(bytes);
    }

    private void write() {
        try {
            for (ByteBuffer b = full.take(); b != END; b = full.take()) {
                file.write(b);
            }
        } catch (IOException e) {
            writeFailure = e;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    @Override
    public String stop() throws Exception {
        long messages = 0;
        long unserializable = 0;
        // The actor system has terminated: no thread appends any more.
        for (ThreadBuffer b : all) {
            b.bytes.flip();
            full.add(b.bytes);
            messages += b.messages;
            unserializable += b.unserializable;
        }
        full.add(END);
        writer.join();
        file.close();
        if (writeFailure != null) {
            throw writeFailure;
        }
        return Peers.summary("content", messages, file.written(), unserializable);
    }
}
