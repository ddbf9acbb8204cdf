package dev.reprise.hookbench;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;

class DifferenceTest {
    @Test
    void theMedianDifferenceIgnoresAnOutlierAndItsIntervalHoldsIt() {
        // 15 iterations (a full run's 3 forks of 5), one of them descheduled
        List<Double> base =
                List.of(50.0, 51.0, 49.0, 50.5, 49.5, 50.2, 50.1, 49.9, 50.3, 49.7, 50.0, 50.4, 49.6, 50.0, 400.0);
        List<Double> rec =
                List.of(60.0, 61.0, 59.0, 60.5, 59.5, 60.2, 60.1, 59.9, 60.3, 59.7, 60.0, 60.4, 59.6, 60.0, 60.0);
        Difference d = Difference.between(rec, base);
        assertEquals(10.0, d.median(), 1e-9);
        assertTrue(d.low() <= d.median() && d.median() <= d.high(), d.interval());
        assertTrue(d.high() - d.low() < 5, d.interval());
    }

    @Test
    void identicalSamplesDifferByNothing() {
        List<Double> a = List.of(1.0, 2.0, 3.0);
        Difference d = Difference.between(a, a);
        assertEquals(0, d.median());
        assertEquals(
                "0.0 ± 0.0", Difference.between(List.of(2.0, 2.0), List.of(2.0)).text());
    }

    @Test
    void missingValuesAreLeftOut() {
        assertEquals(2.0, Difference.median(List.of(1.0, Double.NaN, 3.0)));
        assertTrue(Double.isNaN(
                Difference.between(List.of(Double.NaN), List.of(1.0)).median()));
    }
}
