package dev.reprise.testsupport;

import dev.reprise.trace.ClassCodes;
import dev.reprise.trace.CreationKind;
import dev.reprise.trace.Encoding;
import dev.reprise.trace.EventBuffer;
import dev.reprise.trace.Fingerprint;
import dev.reprise.trace.SourceNames;
import dev.reprise.trace.SystemMessageKind;
import dev.reprise.trace.TraceMetadata;
import dev.reprise.trace.TraceWriter;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.Map;

/**
 * A trace written by hand with the trace format's own writer, as the recorder writes one: one
 * recording thread, one chunk, fingerprints kept; for tests of the replay (the replay core's, the
 * Akka replay mailbox's) on traces whose every event the test chose. {@link #actor} starts a subtrace of that actor
 * (the actor's next one); the events after it are the actor's, until the next {@link #actor}.
 * {@link #finish} ends the recording cleanly, {@link #cutOff} as a killed JVM leaves it (the
 * metadata never says it ended).
 */
public final class HandBuiltTrace {
    private final Path directory;
    private final TraceWriter writer;
    private final EventBuffer events = new EventBuffer(1 << 14, Encoding.COMPACT, true);
    private final Map<Long, Integer> subtraces = new HashMap<>();
    private long current = -1;

    private HandBuiltTrace(Path directory) throws IOException {
        this.directory = directory;
        this.writer = TraceWriter.create(directory, TraceMetadata.begin("hand.Built", Map.of()));
    }

    /** A new trace in {@code directory} (which must not hold one). */
    public static HandBuiltTrace in(Path directory) throws IOException {
        return new HandBuiltTrace(directory);
    }

    /** The events from here on are {@code actor}'s (its next subtrace). */
    public HandBuiltTrace actor(long actor) {
        int counter = subtraces.merge(actor, 1, Integer::sum) - 1;
        events.subtraceStart(actor, counter);
        current = actor;
        return this;
    }

    /** The actor processed a message from {@code sender}, of a class the fingerprint does not name. */
    public HandBuiltTrace message(long sender) {
        events.message(sender, Fingerprint.NONE);
        return this;
    }

    /** The actor processed a message of class {@code type} from {@code sender}; its turn's sends were not counted. */
    public HandBuiltTrace message(long sender, Class<?> type) {
        events.message(sender, Fingerprint.ofClass(ClassCodes.ofClass(type)));
        return this;
    }

    /** The actor processed a message of class {@code type} from {@code sender}, whose turn sent {@code sends} messages. */
    public HandBuiltTrace message(long sender, Class<?> type, int sends) {
        events.message(sender, Fingerprint.withSends(Fingerprint.ofClass(ClassCodes.ofClass(type)), sends));
        return this;
    }

    /** The actor processed outside input from source {@code source}, whose content was not recorded. */
    public HandBuiltTrace external(long source) {
        events.externalMessage(source, 0, 0, Fingerprint.NONE);
        return this;
    }

    /** The actor created {@code child} (an actor, a timer, an ask's temp actor, a promise completion). */
    public HandBuiltTrace created(long child, CreationKind kind) {
        events.creation(child, kind);
        return this;
    }

    /** The actor created {@code child}, an actor of class {@code type}. */
    public HandBuiltTrace created(long child, Class<?> type) {
        events.creation(child, CreationKind.ACTOR, Fingerprint.ofClass(ClassCodes.ofClass(type)));
        return this;
    }

    /** The actor made a nondeterministic call whose result was {@code result} (data entry {@code dataId}). */
    public HandBuiltTrace systemCall(long dataId, String result) throws IOException {
        events.systemCall(dataId);
        writer.writeData(current, dataId, ByteBuffer.wrap(result.getBytes(StandardCharsets.UTF_8)));
        return this;
    }

    /** The actor handled a system message of {@code kind} about {@code related}. */
    public HandBuiltTrace systemMessageTurn(SystemMessageKind kind, long related) {
        events.systemMessageTurn(kind, related);
        return this;
    }

    /** The recording named outside source {@code name} with id {@code id}. */
    public HandBuiltTrace source(String name, long id) throws IOException {
        writer.writeData(SourceNames.OWNER, id, ByteBuffer.wrap(SourceNames.entry(name)));
        return this;
    }

    /** Writes the events and ends the recording cleanly. */
    public Path finish() throws IOException {
        return finish(Map.of());
    }

    /** Writes the events and ends the recording cleanly, with {@code counts} in its metadata. */
    public Path finish(Map<String, Long> counts) throws IOException {
        writeEvents();
        writer.finish(counts);
        writer.close();
        return directory;
    }

    /** Writes the events and data, then stops as a killed recording does: the metadata never says it ended. */
    public Path cutOff() throws IOException {
        writeEvents();
        writer.flush();
        writer.close();
        return directory;
    }

    private void writeEvents() throws IOException {
        writer.writeEvents(1, 0, events, events.size(), events.markCount());
    }
}
