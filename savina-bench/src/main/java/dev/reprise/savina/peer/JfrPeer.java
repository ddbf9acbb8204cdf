package dev.reprise.savina.peer;

import akka.actor.AbstractActor;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.concurrent.atomic.LongAdder;
import jdk.jfr.Event;
import jdk.jfr.Label;
import jdk.jfr.Name;
import jdk.jfr.Recording;
import jdk.jfr.StackTrace;
import jdk.jfr.consumer.RecordingFile;

/**
 * One JFR custom event per processed message, in a recording dumped to a file when it stops. The
 * recording keeps at most the peers' limit on disk ({@link RotatingFile#limit()}); its byte count is
 * scaled from the events kept to all.
 */
final class JfrPeer implements Peer {
    /** A message processed: who processed it and its class. */
    @Name("dev.reprise.savina.Message")
    @Label("Message processed")
    @StackTrace(false)
    static final class MessageEvent extends Event {
        @Label("Actor class")
        Class<?> actor;

        @Label("Actor identity")
        int actorId;

        @Label("Message class")
        Class<?> message;
    }

    private final Recording recording = new Recording();
    private final Path file;
    private final LongAdder messages = new LongAdder();

    JfrPeer(Path file) {
        this.file = file;
        // Only this event, without a stack trace: the cheapest form of one event per message.
        recording.enable(MessageEvent.class).withoutStackTrace().withThreshold(Duration.ZERO);
        recording.setToDisk(true);
        // JFR drops its oldest chunks past this size, as the other peers' files start over (RotatingFile).
        recording.setMaxSize(RotatingFile.limit());
        recording.start();
    }

    @Override
    public void received(AbstractActor actor, Object message) {
        MessageEvent e = new MessageEvent();
        e.actor = actor.getClass();
        e.actorId = System.identityHashCode(actor);
        e.message = message.getClass();
        e.commit();
        messages.increment();
    }

    @Override
    public String stop() throws Exception {
        recording.stop();
        recording.dump(file);
        recording.close();
        long all = messages.sum();
        long bytes = Files.size(file);
        long kept = keptEvents(file); // JFR drops whole chunks past its size limit, so the file alone cannot tell
        if (kept > 0 && kept < all) {
            // The dropped chunks held events of the same size: scale the file to all of them.
            bytes = Math.round((double) bytes * all / kept);
        }
        return Peers.summary("jfr", all, bytes, 0);
    }

    /** The message events the dumped recording kept. */
    private static long keptEvents(Path file) throws IOException {
        long kept = 0;
        try (RecordingFile f = new RecordingFile(file)) {
            while (f.hasMoreEvents()) {
                if (f.readEvent().getEventType().getName().equals("dev.reprise.savina.Message")) {
                    kept++;
                }
            }
        }
        return kept;
    }
}
