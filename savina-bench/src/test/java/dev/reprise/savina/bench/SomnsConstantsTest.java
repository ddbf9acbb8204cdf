package dev.reprise.savina.bench;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;

/**
 * The sequential reference computations reproduce the SOMns {@code verifyResult:} constants,
 * for the paper configuration and for the other configurations SOMns lists. This shows that the
 * PRNG and the arithmetic are ported faithfully, and that the constant used at paper parameters
 * and the reference used otherwise agree.
 */
class SomnsConstantsTest {

    @Test
    void bankTransaction() {
        assertEquals(50_038_643L, Math.round(BankTransaction.referenceTotal(new BankTransaction().paper())));
        assertEquals(516_215L, Math.round(BankTransaction.referenceTotal(new BankTransaction.Params(1000, 1000))));
        assertEquals(4_975_454L, Math.round(BankTransaction.referenceTotal(new BankTransaction.Params(1000, 10_000))));
        assertEquals(25_057_792L, Math.round(BankTransaction.referenceTotal(new BankTransaction.Params(1000, 50_000))));
        assertEquals(
                250_052_558L, Math.round(BankTransaction.referenceTotal(new BankTransaction.Params(1000, 500_000))));
    }

    @Test
    void concurrentSortedLinkedList() {
        assertEquals(1496, ConcurrentSortedLinkedList.referenceSize(new ConcurrentSortedLinkedList().paper()));
        int[][] somns = {
            {10, 20, 18},
            {10, 100, 106},
            {10, 300, 292},
            {10, 500, 476},
            {10, 1000, 992},
            {20, 1000, 1959},
            {20, 2000, 3956}
        };
        for (int[] c : somns) {
            assertEquals(
                    c[2],
                    ConcurrentSortedLinkedList.referenceSize(new ConcurrentSortedLinkedList.Params(c[0], c[1], 10, 1)),
                    () -> c[0] + ":" + c[1]);
        }
    }

    @Test
    void producerConsumerBoundedBuffer() {
        assertEquals(
                -43_522_486L,
                Math.round(ProducerConsumerBoundedBuffer.referenceSum(new ProducerConsumerBoundedBuffer().paper())));
        long[][] somns = {
            {40, 5, 5, 10, -654_026L},
            {40, 10, 10, 80, -77_056_204L},
            {40, 20, 20, 80, -154_112_409L},
            {50, 20, 20, 100, -240_206_069L},
            {50, 40, 40, 100, -480_412_139L},
            {40, 10, 10, 600, -4_288_035_081L}
        };
        for (long[] c : somns) {
            var p = new ProducerConsumerBoundedBuffer.Params((int) c[0], (int) c[1], (int) c[2], (int) c[3]);
            assertEquals(c[4], Math.round(ProducerConsumerBoundedBuffer.referenceSum(p)), p::toString);
        }
    }

    @Test
    void sleepingBarber() {
        assertEquals(32_109, SleepingBarber.referencePrngState(new SleepingBarber().paper()));
        assertEquals(11_357, SleepingBarber.referencePrngState(new SleepingBarber.Params(800, 500, 500, 200)));
        assertEquals(5_029, SleepingBarber.referencePrngState(new SleepingBarber.Params(1000, 500, 500, 500)));
        assertEquals(16_033, SleepingBarber.referencePrngState(new SleepingBarber.Params(2500, 500, 500, 500)));
        assertEquals(32_109, SleepingBarber.referencePrngState(new SleepingBarber.Params(5000, 1000, 1000, 1000)));
    }

    @Test
    void cigaretteSmokers() {
        assertEquals(53_968, CigaretteSmokers.referencePrngState(new CigaretteSmokers().paper()));
        assertEquals(50_272, CigaretteSmokers.referencePrngState(new CigaretteSmokers.Params(1000, 200)));
        assertEquals(11_088, CigaretteSmokers.referencePrngState(new CigaretteSmokers.Params(2000, 200)));
    }

    @Test
    void logisticMapSeries() {
        assertEquals(6_387_835L, Math.round(LogisticMapSeries.referenceSum(new LogisticMapSeries().paper()) * 1e6));
        assertEquals(
                6_387_835L,
                Math.round(LogisticMapSeries.referenceSum(new LogisticMapSeries.Params(10_000, 10, 3.46)) * 1e6));
        assertEquals(
                11_022_424L,
                Math.round(LogisticMapSeries.referenceSum(new LogisticMapSeries.Params(25_000, 20, 3.46)) * 1e6));
    }

    @Test
    void radixSort() {
        assertEquals(1_642_300_184L, RadixSort.referenceChecksum(new RadixSort().paper()));
        assertEquals(13_606L, RadixSort.referenceChecksum(new RadixSort.Params(100, 256, 74_755)));
        assertEquals(329_373_752L, RadixSort.referenceChecksum(new RadixSort.Params(10_000, 65_536, 74_755)));
    }

    @Test
    void trapezoidalApproximation() {
        assertEquals(
                27_108_075L,
                Math.round(TrapezoidalApproximation.referenceArea(new TrapezoidalApproximation().paper()) * 1e8));
        long[][] somns = {{2500, 27_107_880L}, {5000, 27_108_026L}, {10_000, 27_108_063L}, {100_000, 27_108_075L}};
        for (long[] c : somns) {
            var p = new TrapezoidalApproximation.Params(100, (int) c[0], 1, 5);
            assertEquals(c[1], Math.round(TrapezoidalApproximation.referenceArea(p) * 1e8), p::toString);
        }
    }

    @Test
    void threadRingAndTree() {
        var ring = new ThreadRing().paper();
        assertEquals(1, ring.pings() % ring.actors() + 1);
        var tree = new UnbalancedCobwebbedTree().paper();
        assertEquals(tree.nodes() - tree.binomial(), tree.binomial() * ((tree.nodes() - 1) / tree.binomial()));
    }
}
