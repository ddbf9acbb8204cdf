package dev.reprise.replay;

import static org.openjdk.jcstress.annotations.Expect.ACCEPTABLE;
import static org.openjdk.jcstress.annotations.Expect.FORBIDDEN;

import dev.reprise.trace.TraceEvent;
import org.openjdk.jcstress.annotations.Actor;
import org.openjdk.jcstress.annotations.Arbiter;
import org.openjdk.jcstress.annotations.JCStressTest;
import org.openjdk.jcstress.annotations.Outcome;
import org.openjdk.jcstress.annotations.State;
import org.openjdk.jcstress.infra.results.III_Result;

/**
 * jcstress tests of {@link ActorScript}, run by {@link ActorScriptStressTest}: the actor's thread
 * takes while a sender's thread peeks (without the monitor when the next event is already read).
 * The script's events are messages from senders 1, 2, 3, whose fingerprints are 10, 20, 30
 * ({@link CountedMessages}).
 */
public final class ActorScriptStress {
    private ActorScriptStress() {}

    /**
     * r1: the sender taken by the actor's thread, and its fingerprint; r2: the sender a peek saw;
     * r3: the next take's sender, and the events read (a take reads the one after it too).
     */
    @JCStressTest
    @Outcome(id = "110, 1, 23", expect = ACCEPTABLE, desc = "the peek came before the take")
    @Outcome(id = "110, 2, 23", expect = ACCEPTABLE, desc = "the peek came after the take")
    @Outcome(expect = FORBIDDEN, desc = "an event skipped, taken twice, read twice, or a wrong fingerprint")
    @State
    public static class TakeVersusPeek {
        final CountedMessages events = new CountedMessages(3);
        final ActorScript script = ActorScript.of(7, events);

        @Actor
        public void actorThread(III_Result r) {
            TraceEvent e = script.take();
            r.r1 = (int) sender(e) * 100 + script.takenFingerprint();
        }

        @Actor
        public void senderThread(III_Result r) {
            r.r2 = (int) sender(script.peek());
        }

        @Arbiter
        public void after(III_Result r) {
            r.r3 = (int) sender(script.take()) * 10 + events.read;
        }
    }

    /** r1, r2: the senders two peeks saw, racing to read the first event; r3: the events read, then the first take's sender. */
    @JCStressTest
    @Outcome(id = "1, 1, 11", expect = ACCEPTABLE, desc = "both saw the first event, read once")
    @Outcome(expect = FORBIDDEN, desc = "a peek saw another event or none, or the event was read twice")
    @State
    public static class PeekVersusPeek {
        final CountedMessages events = new CountedMessages(3);
        final ActorScript script = ActorScript.of(7, events);

        @Actor
        public void one(III_Result r) {
            r.r1 = (int) sender(script.peek());
        }

        @Actor
        public void other(III_Result r) {
            r.r2 = (int) sender(script.peek());
        }

        @Arbiter
        public void after(III_Result r) {
            r.r3 = events.read * 10 + (int) sender(script.take());
        }
    }

    static long sender(TraceEvent e) {
        return e instanceof TraceEvent.Message m ? m.sender() : 0;
    }
}
