package dev.reprise.runtime;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.reprise.testsupport.ChildProcess;
import dev.reprise.testsupport.Traces;
import dev.reprise.trace.TraceEvent;
import dev.reprise.trace.TraceMetadata;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The writer takes over the buffers of threads idle for two flush intervals; a thread preempted
 * between its epoch check and its append looks just as idle, yet still writes its buffer. Under
 * stress ({@link TakeOverStress} in its own JVM: 1 ms ticks, parking threads, preemption held for
 * up to 3 ms at that step), every recorded message must be in the trace exactly once, in order,
 * and the trace must verify. Before the writer took over only parked threads, this corrupted
 * chunks (a chunk that begins with a message, events of one thread in another's chunk).
 */
@Tag("slow") // starts a JVM: left out of ./reprise test --fast
class TakeOverStressTest {
    private static final int THREADS = 6;
    private static final int MESSAGES = 60_000;

    @TempDir
    Path tmp;

    @Test
    void everyEventOnceInOrderAndTheTraceVerifies() throws Exception {
        Path dir = tmp.resolve("trace");
        ChildProcess.Result r = ChildProcess.java()
                .systemProperty("reprise.test.preemption", true)
                .classPath(System.getProperty("java.class.path"))
                .main(TakeOverStress.class, dir.toString(), Integer.toString(THREADS), Integer.toString(MESSAGES))
                .timeout(Duration.ofSeconds(120))
                .run();
        System.out.print(r.out());
        System.err.print(r.err());
        assertFalse(r.timedOut(), "the stress run did not end in 2 minutes");
        assertEquals(0, r.exit(), r::toString);

        assertTrue(TraceMetadata.read(dir).count(BufferTakeOver.TAKE_OVERS) > 0, "the writer took buffers over");
        Traces.assertNoProblems(dir);
        Map<Long, List<TraceEvent>> events = Traces.events(dir);
        for (int i = 0; i < THREADS; i++) {
            List<Long> senders = new ArrayList<>();
            for (TraceEvent e : events.getOrDefault(TakeOverStress.FIRST_ACTOR + i, List.of())) {
                senders.add(((TraceEvent.Message) e).sender());
            }
            assertEquals(MESSAGES, senders.size(), "messages of thread " + i);
            for (int n = 0; n < senders.size(); n++) {
                if (senders.get(n) != n + 1) {
                    throw new AssertionError("thread " + i + ": message " + (n + 1) + " is " + senders.get(n));
                }
            }
        }
    }
}
