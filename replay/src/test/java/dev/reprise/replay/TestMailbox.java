package dev.reprise.replay;

import dev.reprise.trace.TraceEvent;
import java.util.ArrayDeque;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * One actor's replay mailbox as a runtime that replays makes one (the agent's {@code ReplayQueue},
 * for Akka), cut down to plain messages for tests of the replay core: messages wait per sender,
 * and {@link #take} hands out only the one the actor's script expects next, beginning the actor's
 * turn with it. It attaches to the replay, so the watchdog and the reports see it.
 */
final class TestMailbox implements ReplayMailbox {
    private final Replay replay;
    private final long actor;
    private final Map<Long, ArrayDeque<String>> arrived = new LinkedHashMap<>();
    private byte fingerprint;
    private final ActorScript script;

    TestMailbox(Replay replay, long actor) {
        this.replay = replay;
        this.actor = actor;
        this.script = replay.attach(this);
    }

    /** The actor stopped: its mailbox is cleaned up, and the watchdog and the reports no longer see it. */
    void cleanUp() {
        replay.detach(this, script);
    }

    /** Message {@code text} from actor {@code sender} arrives. */
    synchronized void arrive(long sender, String text) {
        arrived.computeIfAbsent(sender, s -> new ArrayDeque<>()).add(text);
    }

    /**
     * The message the actor's script expects next if it has arrived (the actor's turn with it
     * begins), else null; null too once the replay has stopped.
     */
    synchronized String take() {
        if (replay.stopping()) {
            return null;
        }
        ActorScript script = replay.script(actor);
        MessageKey key = expected();
        ArrayDeque<String> from = key == null ? null : arrived.get(key.sender());
        if (from == null || from.isEmpty()) {
            return null;
        }
        String message = from.poll();
        replay.turnBegins(actor, script.take());
        fingerprint = script.takenFingerprint();
        return message;
    }

    /** The recorded fingerprint of the message {@link #take} handed out last, for {@link Replay#turnOver}. */
    synchronized byte fingerprint() {
        return fingerprint;
    }

    private MessageKey expected() {
        TraceEvent head = replay.script(actor).peek();
        return head == null ? null : MessageKey.of(head);
    }

    @Override
    public long actorId() {
        return actor;
    }

    @Override
    public long knownActorId() {
        return actor;
    }

    @Override
    public synchronized boolean waitingForExpectedMessage() {
        MessageKey key = expected();
        return key != null
                && arrived.getOrDefault(key.sender(), new ArrayDeque<>()).isEmpty();
    }

    @Override
    public synchronized boolean waitsBeyondTheRecording() {
        return waitingForExpectedMessage() && replay.scriptEnded(expected().sender());
    }

    @Override
    public synchronized HeldMessages held() {
        HeldMessages held = new HeldMessages();
        arrived.forEach((sender, texts) -> texts.forEach(t -> held.add("message", replay.support.describe(sender), t)));
        return held;
    }

    @Override
    public synchronized int numberOfMessages() {
        return arrived.values().stream().mapToInt(ArrayDeque::size).sum();
    }
}
