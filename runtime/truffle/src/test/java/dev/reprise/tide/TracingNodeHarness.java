package dev.reprise.tide;

import com.oracle.truffle.api.dsl.Introspection;
import com.oracle.truffle.api.nodes.Node;
import dev.reprise.runtime.Recorder;
import dev.reprise.runtime.RecorderSettings;
import dev.reprise.runtime.ThreadRecorder;
import dev.reprise.trace.TraceEvent;
import dev.reprise.trace.TraceReader;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;

/** Drives tracing nodes on the test's thread into a real recording, and reads back their specialisations and the trace. */
final class TracingNodeHarness {
    private TracingNodeHarness() {}

    /** Runs {@code body} with this thread's recorder of a new recording into {@code trace}, then ends the recording. */
    static void record(Path trace, Consumer<ThreadRecorder> body) throws IOException {
        Recorder recorder =
                Recorder.startWithoutMBean(RecorderSettings.defaults(trace).withProgram("test"), Map.of());
        try {
            ThreadRecorder thread = recorder.forCurrentThread();
            body.accept(thread);
            thread.idle();
        } finally {
            recorder.close();
        }
    }

    /** The events the trace holds for {@code actor}, in order. */
    static List<TraceEvent> events(Path trace, long actor) throws IOException {
        List<TraceEvent> events = new ArrayList<>();
        try (TraceReader reader = TraceReader.open(trace)) {
            var source = reader.actor(actor);
            for (TraceEvent e; (e = source.next()) != null; ) {
                events.add(e);
            }
        }
        return events;
    }

    /** The names of the node's active specialisations (DSL introspection). */
    static List<String> active(Node node) {
        return Introspection.getSpecializations(node).stream()
                .filter(Introspection.SpecializationInfo::isActive)
                .map(Introspection.SpecializationInfo::getMethodName)
                .toList();
    }
}
