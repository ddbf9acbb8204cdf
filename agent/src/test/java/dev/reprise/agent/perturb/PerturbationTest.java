package dev.reprise.agent.perturb;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

class PerturbationTest {
    @Test
    void aSeedAloneChoosesTheDefaultStrategy() {
        assertEquals(new Perturbation(Perturbation.Strategy.MIXED, 42), Perturbation.parse("42"));
        assertEquals("mixed:42", Perturbation.parse("42").text());
    }

    @Test
    void aStrategyAndASeed() {
        assertEquals(new Perturbation(Perturbation.Strategy.PCT, 7), Perturbation.parse("pct:7"));
        assertEquals(new Perturbation(Perturbation.Strategy.BOUNDED, -3), Perturbation.parse(" BOUNDED : -3 "));
        assertEquals("bounded:-3", Perturbation.parse("bounded:-3").text());
    }

    @Test
    void badValuesNameTheProblemAndTheValidForm() {
        IllegalArgumentException noSeed = assertThrows(IllegalArgumentException.class, () -> Perturbation.parse(""));
        assertTrue(noSeed.getMessage().contains("expected SEED or STRATEGY:SEED"), noSeed::getMessage);
        IllegalArgumentException notANumber =
                assertThrows(IllegalArgumentException.class, () -> Perturbation.parse("pct:x"));
        assertTrue(notANumber.getMessage().contains("was 'pct:x'"), notANumber::getMessage);
        IllegalArgumentException unknown =
                assertThrows(IllegalArgumentException.class, () -> Perturbation.parse("fast:1"));
        assertEquals(
                "perturb: unknown strategy 'fast'; valid: random, pct, bounded, slow, mixed", unknown.getMessage());
    }

    @Test
    void aSeedChoosesTheSameNumbersAndAnotherSeedOthers() {
        assertEquals(SeededChoices.at(5, 9), SeededChoices.at(5, 9));
        assertNotEquals(SeededChoices.at(5, 9), SeededChoices.at(6, 9));
        for (int i = 0; i < 1000; i++) {
            double f = SeededChoices.fraction(SeededChoices.at(1, i));
            assertTrue(f >= 0 && f < 1, () -> "fraction " + f);
            assertTrue(SeededChoices.below(SeededChoices.at(1, i), 10) < 10);
        }
    }

    @Test
    void timersArePutOffNeverBroughtForwardAndByTwentyMillisecondsAtMost() {
        TurnDelays delays = new RandomDelays(3);
        long asked = TimeUnit.MILLISECONDS.toNanos(100);
        int later = 0;
        for (int i = 0; i < 1000; i++) {
            long got = delays.timerDelayNanos(asked);
            assertTrue(got >= asked && got < asked + TimeUnit.MILLISECONDS.toNanos(20), () -> "delay " + got);
            later += got > asked ? 1 : 0;
        }
        assertTrue(later > 300 && later < 700, "about one timer in two is put off: " + later);
        long small = TimeUnit.MILLISECONDS.toNanos(4);
        for (int i = 0; i < 100; i++) {
            long got = delays.timerDelayNanos(small);
            assertTrue(got >= small && got < small + small / 2, () -> "a short timer grows by half at most: " + got);
        }
    }

    @Test
    void strategiesLeaveOtherStrategiesTimersAlone() {
        assertEquals(1234, new PriorityDelays(1).timerDelayNanos(1234));
        assertEquals(1234, new BoundedDelays(1).timerDelayNanos(1234));
    }

    @Test
    void delayBoundingWaitsBeforeTwoTurnsAtMost() {
        long waits = 0;
        for (long seed = 0; seed < 20; seed++) {
            BoundedDelays delays = new BoundedDelays(seed);
            long waited = 0;
            for (int turn = 0; turn < 32; turn++) {
                long start = System.nanoTime();
                delays.beforeTurn(1);
                waited += System.nanoTime() - start >= BoundedDelays.MIN_WAIT_NANOS ? 1 : 0;
            }
            assertTrue(waited <= BoundedDelays.DELAYS, "at most two waits: " + waited);
            waits += waited;
        }
        assertTrue(waits > 0, "a log-uniform choice lands among a short program's first turns now and then");
    }

    @Test
    void aSlowActorWaitsItsOwnTimeBeforeEveryTurnAndAboutOneActorInFourIsSlow() {
        SlowActors delays = new SlowActors(11);
        int slow = 0;
        for (long actor = 1; actor <= 400; actor++) {
            long wait = delays.waitOf(actor);
            assertEquals(wait, delays.waitOf(actor), "an actor's wait is the same at every turn");
            if (wait > 0) {
                slow++;
                assertTrue(
                        wait >= SlowActors.MIN_WAIT_NANOS && wait <= SlowActors.MAX_WAIT_NANOS, () -> "wait " + wait);
            }
        }
        assertTrue(slow > 60 && slow < 140, "about one actor in four is slow: " + slow);
        assertEquals(1234, delays.timerDelayNanos(1234));
    }

    @Test
    void slowActorsStopWaitingOnceTheRunsBudgetIsSpent() {
        SlowActors delays = new SlowActors(11);
        long slowest = 1;
        for (long actor = 1; actor <= 400; actor++) {
            slowest = delays.waitOf(actor) > delays.waitOf(slowest) ? actor : slowest;
        }
        long wait = delays.waitOf(slowest);
        long turns = SlowActors.BUDGET_NANOS / wait;
        for (long i = 0; i < turns; i++) {
            assertEquals(wait, delays.waitBeforeTurn(slowest));
        }
        assertEquals(0, delays.waitBeforeTurn(slowest), "no wait past the budget");
    }
}
