package dev.reprise.tools;

import dev.reprise.trace.CreationKind;
import dev.reprise.trace.Encoding;
import dev.reprise.trace.EventBuffer;
import dev.reprise.trace.TraceIds;
import dev.reprise.trace.TraceMetadata;
import dev.reprise.trace.TraceWriter;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.Map;

/** Small real traces written with the public trace-format API, as the recorder writes them. */
final class SampleTraces {
    private SampleTraces() {}

    /**
     * A ping-pong between actors 2 and 3 on thread 1 (rounds messages each way, small buffers so
     * there are several chunks), actor 2 creating actor 3, a clock read and an external message
     * with content on actor 4 recorded by thread 2.
     */
    static void pingPong(Path dir, int rounds) throws IOException {
        try (TraceWriter w =
                TraceWriter.create(dir, TraceMetadata.begin("sample.PingPong", Map.of("encoding", "COMPACT")))) {
            EventBuffer b = new EventBuffer(128, Encoding.COMPACT);
            long seq = 0;
            b.subtraceStart(2, 0);
            b.creation(3, CreationKind.ACTOR);
            for (int i = 0; i < rounds; i++) {
                if (!b.hasRoom() || b.size() > 100) {
                    w.writeEvents(1, seq++, b.array(), b.size());
                    b.clear();
                }
                b.subtraceStart(3, i);
                b.message(2);
                b.subtraceStart(2, i + 1);
                b.message(3);
            }
            w.writeEvents(1, seq, b.array(), b.size());

            EventBuffer other = new EventBuffer(128, Encoding.COMPACT);
            other.subtraceStart(4, 0);
            other.externalMessage(TraceIds.FIRST_EXTERNAL_SOURCE, 7, 1);
            other.systemCall(2);
            w.writeData(
                    TraceIds.FIRST_EXTERNAL_SOURCE,
                    1,
                    ByteBuffer.wrap("GET /flights".getBytes(StandardCharsets.UTF_8)));
            w.writeData(4, 2, ByteBuffer.allocate(8).putLong(0, 1_700_000_000_000L));
            w.writeEvents(2, 0, other.array(), other.size());
            w.finish(Map.of());
        }
    }
}
