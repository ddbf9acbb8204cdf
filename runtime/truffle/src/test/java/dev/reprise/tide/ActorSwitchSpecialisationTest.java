package dev.reprise.tide;

import static dev.reprise.tide.TracingNodeHarness.active;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.oracle.truffle.api.nodes.Node;
import com.oracle.truffle.api.nodes.NodeUtil;
import dev.reprise.runtime.ActorRecord;
import dev.reprise.tide.trace.ActorSwitchNode;
import dev.reprise.tide.trace.RecordMessageNode;
import dev.reprise.trace.TraceEvent;
import dev.reprise.trace.TraceMetadata;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.graalvm.polyglot.Engine;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The actor switch as a self-specialising node: a tracing site keeps only the answers it has
 * seen (switched to another actor, or the same actor's subtrace goes on), and the trace holds the
 * same events either way. A recording writes its tracing nodes' final specialisations into the
 * trace's metadata: in a recorded ping-pong, message sites switch while creation and system-call
 * sites (which follow their turn's message) never do.
 */
class ActorSwitchSpecialisationTest {
    private static final Path PROGRAMS = Path.of("src/test/tide");

    @Test
    void switchNodeKeepsTheAnswersItHasSeen(@TempDir Path dir) throws IOException {
        Path trace = dir.resolve("trace");
        RecordMessageNode node = RecordMessageNode.create();
        ActorRecord a = new ActorRecord(2);
        ActorRecord b = new ActorRecord(3);
        TracingNodeHarness.record(trace, thread -> {
            node.execute(thread, a, 5);
            node.execute(thread, b, 6);
            node.execute(thread, a, 5); // back to a, its last sender again: one RESUME with the repeat flag
            node.execute(thread, b, 7);
            assertEquals(List.of("switched"), active(switchNode(node)), "every message so far switched actors");
            node.execute(thread, b, 7);
            node.execute(thread, b, 8);
            assertEquals(List.of("sameActor", "switched"), active(switchNode(node)));
        });
        assertEquals(
                List.of(new TraceEvent.Message(5), new TraceEvent.Message(5)), TracingNodeHarness.events(trace, 2));
        assertEquals(
                List.of(
                        new TraceEvent.Message(6),
                        new TraceEvent.Message(7),
                        new TraceEvent.Message(7),
                        new TraceEvent.Message(8)),
                TracingNodeHarness.events(trace, 3));
    }

    @Test
    void aRecordingKeepsItsTracingNodesSpecialisationsInItsMetadata(@TempDir Path dir) throws IOException {
        Path trace = dir.resolve("trace");
        Path program = PROGRAMS.resolve("pingpong.tide"); // creations, system calls (resolve, print) and messages
        try (Engine engine = Engine.create("tide")) {
            assertEquals(
                    Files.readString(PROGRAMS.resolve("pingpong.output")), TideRunner.record(engine, program, trace));
        }
        Map<String, Long> nodes = new TreeMap<>();
        TraceMetadata.read(trace).counts().forEach((key, n) -> {
            if (key.startsWith("tide.nodes.")) {
                nodes.put(key, n);
            }
        });
        assertTrue(
                nodes.keySet().stream().anyMatch(k -> k.startsWith("tide.nodes.switch.message.")),
                "no message site's switch node: " + nodes);
        assertTrue(nodes.keySet().stream().anyMatch(k -> k.startsWith("tide.nodes.width.message.")), nodes.toString());
        assertTrue(nodes.keySet().stream().anyMatch(k -> k.startsWith("tide.nodes.sender.")), nodes.toString());
        List<String> siteSwitches = nodes.keySet().stream()
                .filter(k ->
                        k.startsWith("tide.nodes.switch.creation.") || k.startsWith("tide.nodes.switch.systemCall."))
                .toList();
        assertTrue(siteSwitches.contains("tide.nodes.switch.creation.sameActor"), nodes.toString());
        assertTrue(siteSwitches.contains("tide.nodes.switch.systemCall.sameActor"), nodes.toString());
        assertEquals(
                List.of(),
                siteSwitches.stream().filter(k -> k.contains("switched")).toList(),
                "a creation or system call follows its turn's message, in the same subtrace");
    }

    private static ActorSwitchNode switchNode(Node node) {
        List<ActorSwitchNode> found = NodeUtil.findAllNodeInstances(node, ActorSwitchNode.class);
        assertEquals(1, found.size(), "the message tracer's specialisations share one switch node");
        return found.get(0);
    }
}
