package dev.reprise.tools.bench;

import java.nio.file.Path;
import java.util.List;
import java.util.Locale;

/**
 * One configuration a Savina benchmark runs in: without recording, recorded by Reprise, by Reprise
 * with its trace left uncoded, or by a peer.
 */
enum SavinaArm {
    /** No agent, no peer: what every other arm is compared with. */
    BASE,
    /** Recorded by the Reprise agent. */
    RECORD,
    /**
     * Recorded by the Reprise agent with the writer's coding off ({@code compress=false}): beside
     * RECORD it splits the recording's cost into the hooks' and the coding's (on one pinned core the
     * writer's coding runs on the application's core).
     */
    UNCODED,
    /** Every message serialized with Akka's serialization, as Actoverse records (savina.peer=content). */
    CONTENT,
    /** One JFR custom event per message (savina.peer=jfr). */
    JFR,
    /** A debug.receive-style log line per message (savina.peer=log). */
    LOG;

    /** The arms measured beside Reprise's recording (called peers, though the first is Reprise itself), in report order. */
    static final List<SavinaArm> PEERS = List.of(UNCODED, CONTENT, JFR, LOG);

    /** The lower-case name used on the command line and in the report. */
    String label() {
        return name().toLowerCase(Locale.ROOT);
    }

    /** The peer called {@code label}; null if there is none. */
    static SavinaArm peer(String label) {
        return PEERS.stream().filter(p -> p.label().equals(label)).findFirst().orElse(null);
    }

    /** The labels of the peers, for messages: "uncoded, content, jfr, log". */
    static String peerLabels() {
        return String.join(", ", PEERS.stream().map(SavinaArm::label).toList());
    }

    /**
     * The agent argument for this arm, recording to {@code trace} (RECORD) or to {@code file}
     * (UNCODED, whose trace is only counted); null without the agent.
     */
    String agentArgument(Path trace, Path file) {
        return switch (this) {
            case RECORD -> "record,trace=" + trace;
            case UNCODED -> "record,trace=" + file + ",compress=false";
            default -> null;
        };
    }

    /** The JVM options that choose this arm's in-process peer, writing to {@code file}. */
    List<String> peerOptions(Path file) {
        return this == CONTENT || this == JFR || this == LOG
                ? List.of("-Dsavina.peer=" + label(), "-Dsavina.peer.file=" + file)
                : List.of();
    }
}
