package dev.reprise.tide.trace;

import com.oracle.truffle.api.dsl.Introspection;
import com.oracle.truffle.api.nodes.Node;
import com.oracle.truffle.api.nodes.RootNode;
import java.util.List;
import java.util.Map;
import java.util.StringJoiner;
import java.util.TreeMap;

/**
 * Which specialisations the tracing nodes of a program ended with, counted over its ASTs: how many
 * id-width nodes of each site (message, promise message, creation, system call) ended at 1, 2, 3
 * bytes or any width, how many message tracers still hold one sender, how many actor-switch nodes
 * saw only switches, only the same actor, or both. A recording writes these counts into its
 * trace's metadata when it ends ({@code tide.nodes.KIND.STATE}, e.g.
 * {@code tide.nodes.switch.creation.sameActor}), so
 * the specialisations that recorded a run are part of its trace ({@code trace.json}'s counts;
 * {@code bench truffle} reports them). Nodes that never ran are not counted.
 */
final class TracingCensus {
    /** The metadata counts' prefix. */
    static final String PREFIX = "tide.nodes.";

    private TracingCensus() {}

    /** The counts, by key {@code tide.nodes.KIND.STATE} (e.g. {@code tide.nodes.width.message.twoBytes}), over {@code roots}. */
    static Map<String, Long> of(List<RootNode> roots) {
        Map<String, Long> counts = new TreeMap<>();
        for (RootNode root : roots) {
            root.accept(node -> {
                String kind = kind(node);
                if (kind != null) {
                    String state = activeSpecialisations(node);
                    if (!state.isEmpty()) {
                        counts.merge(PREFIX + kind + "." + state, 1L, Long::sum);
                    }
                }
                return true;
            });
        }
        return counts;
    }

    // The node's kind and, for a width or switch node, the tracing node it serves ("width.creation").
    private static String kind(Node node) {
        if (node instanceof RecordMessageNode) {
            return "sender";
        }
        String kind = node instanceof IdWidthNode ? "width." : node instanceof ActorSwitchNode ? "switch." : null;
        return kind == null ? null : kind + site(node.getParent());
    }

    private static String site(Node node) {
        for (Node n = node; n != null; n = n.getParent()) {
            if (n instanceof RecordMessageNode) {
                return "message";
            }
            if (n instanceof RecordPromiseMessageNode) {
                return "promiseMessage";
            }
            if (n instanceof RecordCreationNode) {
                return "creation";
            }
            if (n instanceof RecordSystemCallNode) {
                return "systemCall";
            }
        }
        return "other";
    }

    /** The node's active specialisations' names, joined by '+' ("" when it never ran). */
    private static String activeSpecialisations(Node node) {
        StringJoiner active = new StringJoiner("+");
        for (Introspection.SpecializationInfo s : Introspection.getSpecializations(node)) {
            if (s.isActive()) {
                active.add(s.getMethodName());
            }
        }
        return active.toString();
    }
}
