package dev.reprise.tide.runtime;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;

/**
 * {@link Registrations} predicts the registration of the next callback from a resolver: the
 * oldest outstanding one expected from that resolver or from anyone. A promise race's callbacks
 * (a pair's promise, then each racer's answer) are predicted whichever racer answers first.
 */
class RegistrationsTest {
    private static final long A = 2;
    private static final long B = 3;

    @Test
    void thePredictionIsTheOldestOutstandingFromThatResolverOrAnyone() {
        Registrations r = new Registrations();
        for (int round = 0; round < 3; round++) {
            assertEquals(3 * round, r.register(Registrations.ANYONE)); // the pair's promise
            assertEquals(3 * round + 1, r.register(A)); // a's answer
            assertEquals(3 * round + 2, r.register(B)); // b's answer
        }
        // b answers round 0 before anyone resolved the pair: the prediction from b is the pair's.
        assertEquals(0, r.predict(B));
        r.ran(2, B); // it was b's answer: a wrong prediction, recorded as offset 2
        // a wins round 0: its resolve runs the pair's callback, then its answer
        assertEquals(0, r.predict(A));
        r.ran(0, Registrations.ANYONE);
        assertEquals(1, r.predict(A));
        r.ran(1, A);
        // round 1: b is predicted its answer only once the pair's promise of round 1 ran
        assertEquals(3, r.predict(B));
        r.ran(3, Registrations.ANYONE);
        assertEquals(5, r.predict(B));
        r.ran(5, B);
        assertEquals(4, r.predict(A));
        r.ran(4, A);
        assertEquals(6, r.predict(7)); // another resolver: only the pair's promise of round 2 fits
    }

    @Test
    void withNothingOutstandingThereIsNoPrediction() {
        Registrations r = new Registrations();
        assertEquals(-1, r.predict(A));
        r.register(A);
        assertEquals(-1, r.predict(B));
        r.ran(0, A);
        assertEquals(-1, r.predict(A));
    }

    /** A race with new racers every round: each round's resolvers are forgotten once their callbacks ran. */
    @Test
    void resolversWithNothingOutstandingAreForgotten() {
        Registrations r = new Registrations();
        for (long round = 0; round < 10_000; round++) {
            long a = 10 + 2 * round;
            long b = a + 1;
            long pair = r.register(Registrations.ANYONE);
            long fromA = r.register(a);
            long fromB = r.register(b);
            assertEquals(pair, r.predict(b));
            r.ran(pair, Registrations.ANYONE);
            assertEquals(fromB, r.predict(b));
            r.ran(fromB, b);
            assertEquals(fromA, r.predict(a));
            r.ran(fromA, a);
        }
        assertEquals(0, r.resolversOutstanding(), "resolvers kept after all their callbacks ran");
        r.register(A);
        assertEquals(1, r.resolversOutstanding());
    }
}
