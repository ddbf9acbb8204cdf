package dev.reprise.tools.bench;

import java.nio.file.Path;
import java.util.List;
import java.util.Locale;

/** One configuration a Savina benchmark runs in: without recording, recorded by Reprise, or by a peer. */
enum SavinaArm {
    /** No agent, no peer: what every other arm is compared with. */
    BASE,
    /** Recorded by the Reprise agent. */
    RECORD,
    /** Every message serialized with Akka's serialization, as Actoverse records (savina.peer=content). */
    CONTENT,
    /** One JFR custom event per message (savina.peer=jfr). */
    JFR,
    /** A debug.receive-style log line per message (savina.peer=log). */
    LOG;

    /** The peers, in report order. */
    static final List<SavinaArm> PEERS = List.of(CONTENT, JFR, LOG);

    /** The lower-case name used on the command line and in the report. */
    String label() {
        return name().toLowerCase(Locale.ROOT);
    }

    /** The peer called {@code label}; null if there is none. */
    static SavinaArm peer(String label) {
        return PEERS.stream().filter(p -> p.label().equals(label)).findFirst().orElse(null);
    }

    /** The agent argument for this arm, recording to {@code trace}; null without the agent. */
    String agentArgument(Path trace) {
        return this == RECORD ? "record,trace=" + trace : null;
    }

    /** The JVM options that choose this arm's peer, writing to {@code file}. */
    List<String> peerOptions(Path file) {
        return PEERS.contains(this) ? List.of("-Dsavina.peer=" + label(), "-Dsavina.peer.file=" + file) : List.of();
    }
}
