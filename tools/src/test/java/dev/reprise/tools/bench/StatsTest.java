package dev.reprise.tools.bench;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;

class StatsTest {
    @Test
    void mediansAndGeometricMeans() {
        assertEquals(2.0, Stats.median(List.of(3, 1, 2)));
        assertEquals(2.5, Stats.median(List.of(4, 1, 2, 3)));
        assertEquals(2.0, Stats.geometricMean(List.of(1.0, 4.0)), 1e-12);
    }

    @Test
    void theBootstrapIntervalHoldsTheMedianAndIsReproducible() {
        List<Double> values = new ArrayList<>();
        Random r = new Random(7);
        for (int i = 0; i < 30; i++) {
            values.add(1.0 + r.nextGaussian() * 0.01);
        }
        Stats.Estimate e = Stats.bootstrapMedian(values);
        assertEquals(Stats.median(values), e.value());
        assertTrue(e.low() <= e.value() && e.value() <= e.high(), e.toString());
        assertTrue(e.high() - e.low() < 0.02, e.toString());
        assertEquals(e, Stats.bootstrapMedian(values), "fixed seed");
        assertEquals("1.000 [0.990, 1.010]", new Stats.Estimate(1, 0.99, 1.01).toString());
        assertEquals(Stats.Estimate.of(3), Stats.bootstrapMedian(List.of(3.0, 3.0, 3.0)));
    }

    @Test
    void mserCutsALeadingWarmUpAndNothingFromASteadySeries() {
        double[] steady = new double[40];
        double[] warm = new double[40];
        Random r = new Random(3);
        for (int i = 0; i < 40; i++) {
            steady[i] = 10 + r.nextGaussian() * 0.1;
            warm[i] = steady[i] + (i < 10 ? 50 - i * 4 : 0); // 10 slow iterations, getting faster
        }
        int cut = Mser.truncation(warm);
        assertTrue(cut >= 10 && cut <= 12, "the 10 slow iterations: " + cut);
        assertTrue(Mser.truncation(steady) <= 5, "little from a steady series: " + Mser.truncation(steady));
    }

    @Test
    void mserNeverCutsMoreThanHalf() {
        double[] slowing = new double[40];
        for (int i = 0; i < 40; i++) {
            slowing[i] = 100 - i; // no steady state at all
        }
        assertTrue(Mser.truncation(slowing) <= 20);
        assertEquals(1, Mser.truncation(new double[] {9, 1, 1, 1, 1, 1, 1, 1, 1}));
        assertEquals(0, Mser.truncation(new double[] {9}), "a single value: no cut");
        assertEquals(0, Mser.truncation(new double[0]));
    }

    @Test
    void blocksRunInASeededOrderReversedOnAlternateBlocks() {
        List<String> arms = List.of("base", "record", "content", "jfr", "log");
        List<List<String>> orders = BlockOrder.orders(arms, 5, 11);
        assertEquals(5, orders.size());
        for (int b = 0; b < 5; b++) {
            assertEquals(
                    arms.stream().sorted().toList(),
                    orders.get(b).stream().sorted().toList(),
                    "every arm once");
        }
        assertEquals(orders.get(0).reversed(), orders.get(1));
        assertEquals(orders.get(2).reversed(), orders.get(3));
        assertEquals(orders, BlockOrder.orders(arms, 5, 11), "the seed repeats the order");
        boolean differs = false;
        for (long seed = 0; seed < 10 && !differs; seed++) {
            differs = !BlockOrder.orders(arms, 1, seed).equals(BlockOrder.orders(arms, 1, seed + 100));
        }
        assertTrue(differs, "the seed changes the order");
        List<List<String>> pairs = BlockOrder.orders(List.of("A", "B"), 4, 1);
        assertNotEquals(pairs.get(0), pairs.get(1), "a pair's order flips on the next pair");
    }

    @Test
    void thePairedRatioIsTheMedianOverPairsWithAnIntervalAroundIt() {
        List<PairedRatio.Pair> pairs = new ArrayList<>();
        Random r = new Random(5);
        double[] truth = {1.02, 1.03, 1.04, 1.03, 1.05};
        for (double t : truth) {
            double[] base = new double[30];
            double[] rec = new double[30];
            for (int i = 0; i < 30; i++) {
                base[i] = 100 * (1 + r.nextGaussian() * 0.005);
                rec[i] = 100 * t * (1 + r.nextGaussian() * 0.005);
            }
            pairs.add(new PairedRatio.Pair(rec, base));
        }
        Stats.Estimate e = PairedRatio.estimate(pairs);
        assertEquals(1.035, e.value(), 0.01);
        assertTrue(e.low() < e.value() && e.value() < e.high(), e.toString());
        assertTrue(e.low() > 1.0 && e.high() < 1.07, "resolves a 3% difference: " + e);
        Stats.Estimate one = PairedRatio.estimate(pairs.subList(0, 1));
        assertTrue(one.high() > one.low(), "one pair still has an interval from its iterations: " + one);
        assertTrue(Double.isNaN(PairedRatio.estimate(List.of()).value()));
    }
}
