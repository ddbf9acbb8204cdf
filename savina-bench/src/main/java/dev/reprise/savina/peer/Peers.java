package dev.reprise.savina.peer;

import akka.actor.AbstractActor;
import akka.actor.ActorSystem;
import com.typesafe.config.Config;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.util.Locale;

/**
 * The peer recorder chosen with {@code -Dsavina.peer=content|jfr|log}, writing to {@code
 * -Dsavina.peer.file=PATH}:
 *
 * <ul>
 *   <li>{@code content}: every message serialized with Akka's serialization (as Actoverse records
 *       message contents) into a per-thread buffer that a writer thread drains to the file;
 *   <li>{@code jfr}: one JFR custom event per message, in a JFR recording dumped to the file;
 *   <li>{@code log}: one {@code debug.receive}-style line per message through Akka's logging, to a
 *       logger that writes the file.
 * </ul>
 *
 * <p>{@link dev.reprise.savina.BenchActor} and {@link dev.reprise.savina.RootActor} call {@link
 * #received} for every message; without the property that is a test of a constant the JIT folds.
 */
public final class Peers {
    /** The system property naming the peer. */
    public static final String PROPERTY = "savina.peer";
    /** The system property naming the file the peer writes. */
    public static final String FILE_PROPERTY = "savina.peer.file";

    private static final String NAME = System.getProperty(PROPERTY);

    /** True when a peer was chosen; constant so that the check costs nothing without one. */
    public static final boolean ACTIVE = NAME != null;

    private static Peer peer;

    private Peers() {}

    /** The actor system configuration the chosen peer needs, over {@code config}. */
    public static Config configure(Config config) {
        if (!ACTIVE) {
            return config;
        }
        return switch (name()) {
            case "content" -> ContentPeer.configure(config);
            case "log" -> LogPeer.configure(config, file());
            default -> config;
        };
    }

    /**
     * Starts the chosen peer, if any, for {@code system}.
     *
     * @throws java.io.UncheckedIOException if the peer's file cannot be opened
     */
    public static void start(ActorSystem system) {
        if (!ACTIVE) {
            return;
        }
        peer = switch (name()) {
            case "content" -> {
                try {
                    yield new ContentPeer(system, file());
                } catch (IOException e) {
                    throw new UncheckedIOException(e);
                }
            }
            case "jfr" -> new JfrPeer(file());
            case "log" -> new LogPeer(system);
            default ->
                throw new IllegalArgumentException(
                        "-D" + PROPERTY + ": unknown peer '" + NAME + "'; valid: content, jfr, log");
        };
    }

    /** Called by the benchmark actors for every message they process. */
    public static void received(AbstractActor actor, Object message) {
        peer.received(actor, message);
    }

    /** Stops the peer after the actor system terminated; its summary line, or null without one. */
    public static String stop() {
        if (peer == null) {
            return null;
        }
        try {
            return peer.stop();
        } catch (Exception e) {
            throw new IllegalStateException("peer " + NAME + " failed to stop: " + e, e);
        }
    }

    static String summary(String name, long messages, long bytes, long unserializable) {
        return "peer " + name + " messages " + messages + " bytes " + bytes + " unserializable " + unserializable;
    }

    private static String name() {
        return NAME.toLowerCase(Locale.ROOT);
    }

    private static Path file() {
        String f = System.getProperty(FILE_PROPERTY);
        if (f == null) {
            throw new IllegalArgumentException("-D" + PROPERTY + " needs -D" + FILE_PROPERTY + "=PATH");
        }
        return Path.of(f);
    }
}
