package dev.reprise.replay;

import dev.reprise.trace.ClassCodes;
import dev.reprise.trace.CreationKind;
import dev.reprise.trace.DataFileReader;
import dev.reprise.trace.EventTally;
import dev.reprise.trace.Fingerprint;
import dev.reprise.trace.TraceEvent;
import java.io.IOException;
import java.io.UncheckedIOException;

/**
 * What each actor's script expects it to do next, checked as the replayed program does it: its
 * turns, the creations it makes (given their recorded ids), the promises it completes, its system
 * calls (given their recorded results, read from the data file) and, at a turn's end, the turn's
 * sends. What the trace cannot explain stops the replay ({@link Replay#diverged}); past the end of
 * an actor's recorded events the program goes on live. The methods are {@link Replay}'s, which
 * says what each returns.
 */
final class Expectations {
    private final Replay replay;
    private final ActorScripts scripts;
    private final DataFileReader data;
    /** The replay's count of consumed events and its running turns: kept here too, so a turn reaches them with one load. */
    private final EventTally replayed;

    private final RunningTurns turns;
    private volatile boolean fingerprintsChecked = true;

    Expectations(Replay replay, ActorScripts scripts, DataFileReader data) {
        this.replay = replay;
        this.scripts = scripts;
        this.data = data;
        this.replayed = replay.replayed;
        this.turns = replay.turns;
    }

    void checkFingerprints(boolean on) {
        fingerprintsChecked = on;
    }

    boolean checksFingerprints() {
        return fingerprintsChecked;
    }

    /** {@link Replay#pastTheEnd}: past {@code id}'s recorded events, or a divergence where they end early. */
    boolean pastTheEnd(long id) {
        ActorScript s = scripts.script(id);
        if (s.peek() != null) {
            return false;
        }
        if (replay.cut) {
            return true;
        }
        if (s.missingSubtrace() >= 0) {
            throw replay.damaged(
                    id, "its recorded events end at a gap (dropped or damaged events): the replay cannot go past it");
        }
        String incomplete = replay.incompleteTrace();
        if (incomplete != null) {
            throw replay.damaged(
                    id,
                    "its recorded events end where the trace is incomplete (" + incomplete
                            + "): the replay cannot go further");
        }
        return true;
    }

    boolean goesOnLive(long actor) {
        return replay.liveAfterEnd() && scripts.script(actor).finished();
    }

    /** {@link Replay#firedInRecording}: takes the timer's system call if it is next, then retires the timer's script. */
    boolean firedInRecording(long id) {
        ActorScript s = scripts.script(id);
        boolean fired = s.peek() instanceof TraceEvent.SystemCall;
        if (fired) {
            replayed.add(s.take());
        }
        scripts.stopped(id);
        return fired;
    }

    /** {@link Replay#expectCreation}: the creator's next event must be a creation of {@code kind} (and of its class). */
    long expectCreation(long creator, CreationKind kind, Class<?> actorClass) {
        if (pastTheEnd(creator)) {
            return -1;
        }
        ActorScript s = scripts.script(creator);
        TraceEvent e = s.peek();
        if (!(e instanceof TraceEvent.Creation c) || c.kind() != kind) {
            throw replay.diverged(
                    creator,
                    "its event " + (s.consumed() + 1) + ": it "
                            + (kind == CreationKind.PROMISE ? "completed a promise" : "created " + kind.withArticle())
                            + ", but the trace expects " + replay.describe(e));
        }
        replayed.add(s.take());
        int recordedClass = Fingerprint.classCodeOf(s.takenFingerprint());
        if (actorClass != null && recordedClass != 0 && recordedClass != ClassCodes.ofClass(actorClass)) {
            throw replay.changed(
                    creator,
                    s.consumed() - 1,
                    FirstDifference.creationClass(replay.describe(c), s.consumed(), recordedClass, actorClass));
        }
        return c.child();
    }

    /**
     * {@link Replay#nextCompletion}: looks at the creator's next event, takes nothing. Past the end
     * of its events the recording's attempt, if it made one, completed nothing: it lost to another
     * completer, or the run ended first. Unless the replay goes on live there.
     */
    long nextCompletion(long creator) {
        if (pastTheEnd(creator)) {
            return replay.liveAfterEnd() ? Replay.LIVE : Replay.LOST;
        }
        return scripts.script(creator).peek() instanceof TraceEvent.Creation c && c.kind() == CreationKind.PROMISE
                ? c.child()
                : Replay.LOST;
    }

    /** {@link Replay#expectSystemCall}: the actor's next event must be a system call, whose result the data file holds. */
    byte[] expectSystemCall(long actor, String call) {
        if (pastTheEnd(actor)) {
            return null;
        }
        TraceEvent e = scripts.script(actor).peek();
        if (!(e instanceof TraceEvent.SystemCall sc)) {
            throw replay.diverged(actor, "it called " + call + ", but the trace expects " + replay.describe(e));
        }
        ActorScript s = scripts.script(actor);
        replayed.add(s.take());
        byte[] value = read(actor, sc.dataId());
        if (value == null) {
            throw replay.damaged(
                    actor,
                    s.consumed() - 1,
                    "the result of " + call + " (data " + sc.dataId() + ") is missing from the trace");
        }
        return value;
    }

    /** Data entry {@code (owner, dataId)} of the data file, or null if it holds none. */
    byte[] read(long owner, long dataId) {
        try {
            return data.read(owner, dataId);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** A mailbox took {@code taken}: counted, and the actor's turn is timed for the watchdog. */
    void turnBegins(long actor, TraceEvent taken) {
        if (taken instanceof TraceEvent.Message) { // most turns: counted on the thread's own slot
            turns.beginMessage(actor);
        } else {
            replayed.add(taken);
            turns.begin(actor);
        }
    }

    /** {@link Replay#turnOver(ActorScript, byte, int)}: the turn's sends as recorded, and no creation or system call left behind. */
    void turnOver(ActorScript s, byte recorded, int sends) {
        long actor = s.actor();
        boolean check = fingerprintsChecked;
        TraceEvent next = s.peek();
        if (next instanceof TraceEvent.TurnSends t) {
            s.take(); // the count the fingerprint could not hold
            if (check && t.sends() != sends) {
                replay.changed(
                        actor,
                        s.lastMessageNumber() - 1,
                        FirstDifference.sends(
                                replay.describe(s.lastMessage()), s.lastMessageNumber(), t.sends(), sends));
                return;
            }
            next = s.peek();
        } else if (check && !Fingerprint.sendsMatch(recorded, sends)) {
            replay.changed(
                    actor,
                    s.lastMessageNumber() - 1,
                    FirstDifference.sendsModulo(
                            replay.describe(s.lastMessage()), s.lastMessageNumber(), recorded, sends));
            return;
        }
        if (next instanceof TraceEvent.Creation || next instanceof TraceEvent.SystemCall) {
            replay.diverged(
                    actor,
                    "its turn ended without its event " + (s.consumed() + 1) + " (" + next.describe()
                            + "), which the recording made in that turn. The program creates or calls less here than it did.");
        }
    }

    void turnEnded() {
        turns.end();
    }
}
