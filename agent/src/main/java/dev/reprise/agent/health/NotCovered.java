package dev.reprise.agent.health;

import dev.reprise.agent.Agent;
import dev.reprise.agent.flavour.Flavour;

/**
 * What the agent does not record faithfully, at the moment the program uses it: when recording,
 * one warning on stderr per feature (and class, where one is named) and a count in the trace's
 * metadata ({@code notCovered.FEATURE}), which {@code verify} and {@code stats} show. The agent
 * README's Limits say what each means for a replay.
 */
public final class NotCovered {
    /** Outside messages whose content could not be copied: their order is recorded, not their content. */
    public static final String UNCOPIED_MESSAGES = "uncopiedMessages";
    /** Akka Streams' {@code Source.queue(bufferSize)}: offers pass through a shared queue, not a mailbox. */
    public static final String BOUNDED_SOURCE_QUEUE = "boundedSourceQueue";

    /** Akka HTTP's client (its host connection pools): its pool stages do not replay yet. */
    public static final String AKKA_HTTP_CLIENT = "akkaHttpClient";

    /** Akka's (or Pekko's, or Scala's) classes that a class loader other than the application's defined. */
    public static final String OTHER_CLASS_LOADER = "otherClassLoader";

    private NotCovered() {}

    /**
     * A hooked type {@code type} is being defined by {@code loader}, not by the class loader whose
     * Akka the agent hooks (the application class loader, or the one this copy started in): it is left as it is.
     */
    public static void otherClassLoader(ClassLoader loader, String type) {
        try {
            String flavour = Flavour.current().title;
            ClassLoader hooked = NotCovered.class.getClassLoader();
            Agent.mode.notCovered(
                    OTHER_CLASS_LOADER,
                    loader.getClass().getName(),
                    flavour + "'s classes (" + type + ") are loaded by " + described(loader)
                            + ", not by the class loader whose " + flavour + " is recorded (" + described(hooked)
                            + "): the actors of that actor system are not recorded, and a replay does not follow "
                            + "them. With " + flavour + " on the application class path, Reprise records that "
                            + flavour + " only; with none there, it records each class loader's that has its own "
                            + "(a Spring Boot jar's, each plugin's). The trace's metadata counts the classes left "
                            + "alone (notCovered." + OTHER_CLASS_LOADER + ").");
        } catch (Throwable e) {
            AgentLog.internalError("counting classes of another class loader", e);
        }
    }

    /** A message of class {@code type} came from outside the actor system and could not be copied ({@code why}). */
    public static void uncopiedMessage(String type, Throwable why) {
        Agent.mode.notCovered(
                UNCOPIED_MESSAGES,
                type,
                "messages of class " + type + " come from outside the actor system and cannot be copied ("
                        + (why.getMessage() != null ? why.getMessage() : why.toString()) + "), so their order is "
                        + "recorded but not their content. Replay delivers each live message at its recorded place: it "
                        + "reproduces the run when the program sends the same input again, and waits for it "
                        + "otherwise. The trace's metadata counts them (notCovered." + UNCOPIED_MESSAGES + ").");
    }

    /** A stream with a {@code Source.queue(bufferSize)} is materialized. */
    public static void boundedSourceQueue() {
        try {
            Agent.mode.notCovered(
                    BOUNDED_SOURCE_QUEUE,
                    "",
                    "Akka Streams' Source.queue(bufferSize) (a BoundedSourceQueue) is not recorded faithfully: its "
                            + "elements pass through a queue shared by the offering threads and the stream, outside any "
                            + "mailbox, so a replay may take the offers in another order. Source.queue(bufferSize, "
                            + "overflowStrategy, maxConcurrentOffers) replays. The trace's metadata counts its uses "
                            + "(notCovered." + BOUNDED_SOURCE_QUEUE + ").");
        } catch (Throwable e) {
            AgentLog.internalError("counting a BoundedSourceQueue", e);
        }
    }

    /** Akka HTTP's client is used: a request, a pool or a connection. */
    public static void akkaHttpClient() {
        try {
            Agent.mode.notCovered(
                    AKKA_HTTP_CLIENT,
                    "",
                    "Akka HTTP's client (Http.singleRequest and its host connection pools) does not replay yet: its "
                            + "network input over Akka IO's outgoing TCP is recorded, but a replay of its pool stages "
                            + "may stop as diverged. Akka IO's own TCP and UDP (Tcp.connect, Udp.bind) replay. The trace's "
                            + "metadata counts its use (notCovered." + AKKA_HTTP_CLIENT + ").");
        } catch (Throwable e) {
            AgentLog.internalError("counting Akka HTTP's client", e);
        }
    }

    /** A class loader as users know it: by its name, if it has one. */
    private static String described(ClassLoader loader) {
        return loader == null
                ? "the bootstrap class loader"
                : loader.getName() != null
                        ? "class loader '" + loader.getName() + "' (" + loader + ")"
                        : "class loader " + loader;
    }
}
