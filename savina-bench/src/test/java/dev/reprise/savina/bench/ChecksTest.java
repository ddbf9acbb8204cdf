package dev.reprise.savina.bench;

import static org.junit.jupiter.api.Assertions.assertDoesNotThrow;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.reprise.savina.Benchmarks;
import dev.reprise.savina.CheckFailedException;
import dev.reprise.savina.SavinaBenchmark;
import dev.reprise.savina.SomRandom;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.function.Function;
import java.util.stream.Collectors;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Test;

/**
 * Each check accepts the correct result and rejects tampered ones, for the paper (SOMns
 * constant) and the quick (reference computation) parameters. No actors run here.
 */
class ChecksTest {
    private static final Set<String> COVERED = new HashSet<>();

    /** Asserts that {@code verify} accepts {@code good} and rejects every tampered value. */
    @SafeVarargs
    private static <P, R> void check(SavinaBenchmark<P, R> b, P params, R good, Function<R, R>... tamperings) {
        COVERED.add(b.name());
        assertDoesNotThrow(() -> b.verify(params, good), b.name() + " rejects the correct result");
        assertTrue(tamperings.length > 0);
        for (Function<R, R> tamper : tamperings) {
            R bad = tamper.apply(good);
            CheckFailedException e =
                    assertThrows(CheckFailedException.class, () -> b.verify(params, bad), b.name() + " accepts " + bad);
            assertTrue(e.getMessage().startsWith(b.name() + ": check failed: "), e.getMessage());
            assertTrue(e.getMessage().contains("expected") && e.getMessage().contains("actual"), e.getMessage());
            assertEquals(b.name(), e.benchmark());
        }
    }

    @AfterAll
    static void everyBenchmarkIsCovered() {
        assertEquals(new HashSet<>(Benchmarks.names()), COVERED);
    }

    @Test
    void bankTransaction() {
        BankTransaction b = new BankTransaction();
        check(b, b.paper(), 50_038_643.2, x -> x + 1.0, x -> x - 1.0);
        check(b, b.quick(), BankTransaction.referenceTotal(b.quick()), x -> x + 1.0);
    }

    @Test
    void bigContention() {
        BigContention b = new BigContention();
        for (var p : List.of(b.paper(), b.quick())) {
            check(b, p, p.workers(), x -> x - 1, x -> x + 1);
        }
    }

    @Test
    void chameneos() {
        Chameneos b = new Chameneos();
        for (var p : List.of(b.paper(), b.quick())) {
            check(b, p, 2L * p.meetings(), x -> x - 1, x -> (long) p.meetings());
        }
    }

    @Test
    void cigaretteSmokers() {
        CigaretteSmokers b = new CigaretteSmokers();
        for (var p : List.of(b.paper(), b.quick())) {
            long state = p.equals(b.paper()) ? 53_968 : CigaretteSmokers.referencePrngState(p);
            check(
                    b,
                    p,
                    new CigaretteSmokers.Result(state, p.rounds()),
                    r -> new CigaretteSmokers.Result(r.prngState() + 1, r.roundsSmoked()),
                    r -> new CigaretteSmokers.Result(r.prngState(), r.roundsSmoked() - 1));
        }
    }

    @Test
    void concurrentDictionary() {
        ConcurrentDictionary b = new ConcurrentDictionary();
        for (var p : List.of(b.paper(), b.quick())) {
            long requests = (long) p.workers() * p.messagesPerWorker();
            check(
                    b,
                    p,
                    new ConcurrentDictionary.Result(512, requests),
                    r -> new ConcurrentDictionary.Result(511, r.requests()),
                    r -> new ConcurrentDictionary.Result(r.size(), r.requests() - 1));
        }
    }

    @Test
    void concurrentSortedLinkedList() {
        ConcurrentSortedLinkedList b = new ConcurrentSortedLinkedList();
        for (var p : List.of(b.paper(), b.quick())) {
            int size = (int) (p.equals(b.paper()) ? 1496 : ConcurrentSortedLinkedList.referenceSize(p));
            long requests = (long) p.workers() * p.messagesPerWorker();
            check(
                    b,
                    p,
                    new ConcurrentSortedLinkedList.Result(size, requests),
                    r -> new ConcurrentSortedLinkedList.Result(r.size() + 1, r.requests()),
                    r -> new ConcurrentSortedLinkedList.Result(r.size(), r.requests() + 1));
        }
    }

    @Test
    void counting() {
        Counting b = new Counting();
        for (var p : List.of(b.paper(), b.quick())) {
            check(b, p, (long) p.limit(), x -> x - 1);
        }
    }

    @Test
    void forkJoinActorCreation() {
        ForkJoinActorCreation b = new ForkJoinActorCreation();
        for (var p : List.of(b.paper(), b.quick())) {
            double expected = Math.sin(37.2) * Math.sin(37.2);
            double[] good = new double[p.actors()];
            Arrays.fill(good, expected);
            check(
                    b,
                    p,
                    good,
                    r -> {
                        double[] t = r.clone();
                        t[t.length / 2] = Math.nextUp(t[t.length / 2]);
                        return t;
                    },
                    r -> Arrays.copyOf(r, r.length - 1));
        }
    }

    @Test
    void forkJoinThroughput() {
        ForkJoinThroughput b = new ForkJoinThroughput();
        for (var p : List.of(b.paper(), b.quick())) {
            List<Integer> good = new ArrayList<>();
            for (int i = 0; i < p.actors(); i++) {
                good.add(p.messagesPerActor());
            }
            check(
                    b,
                    p,
                    List.copyOf(good),
                    r -> {
                        List<Integer> t = new ArrayList<>(r);
                        t.set(3, t.get(3) - 1);
                        return t;
                    },
                    r -> r.subList(1, r.size()));
        }
    }

    @Test
    void logisticMapSeries() {
        LogisticMapSeries b = new LogisticMapSeries();
        check(b, b.paper(), 6.387835, x -> x + 2e-6, x -> x - 2e-6);
        check(b, b.quick(), LogisticMapSeries.referenceSum(b.quick()), x -> x + 2e-6);
    }

    @Test
    void philosophers() {
        Philosophers b = new Philosophers();
        for (var p : List.of(b.paper(), b.quick())) {
            long meals = (long) p.philosophers() * p.rounds();
            check(
                    b,
                    p,
                    new Philosophers.Result(0, meals, 12_345),
                    r -> new Philosophers.Result(1, r.meals(), r.retries()),
                    r -> new Philosophers.Result(0, r.meals() - 1, r.retries()));
        }
    }

    @Test
    void pingPong() {
        PingPong b = new PingPong();
        for (var p : List.of(b.paper(), b.quick())) {
            check(b, p, (long) p.pings(), x -> x + 1, x -> x - 1);
        }
    }

    @Test
    void producerConsumerBoundedBuffer() {
        ProducerConsumerBoundedBuffer b = new ProducerConsumerBoundedBuffer();
        check(b, b.paper(), -43_522_486.3, x -> x - 1.0, x -> -x);
        check(b, b.quick(), ProducerConsumerBoundedBuffer.referenceSum(b.quick()), x -> x + 1.0);
    }

    @Test
    void radixSort() {
        RadixSort b = new RadixSort();
        for (var p : List.of(b.paper(), b.quick())) {
            long sum = p.equals(b.paper()) ? 1_642_300_184L : RadixSort.referenceChecksum(p);
            check(
                    b,
                    p,
                    new RadixSort.Result(sum, p.values()),
                    r -> new RadixSort.Result(r.checksum() - 1, r.count()),
                    r -> new RadixSort.Result(r.checksum(), r.count() - 1));
        }
    }

    @Test
    void sleepingBarber() {
        SleepingBarber b = new SleepingBarber();
        for (var p : List.of(b.paper(), b.quick())) {
            long state = p.equals(b.paper()) ? 32_109 : SleepingBarber.referencePrngState(p);
            check(
                    b,
                    p,
                    new SleepingBarber.Result(state, p.haircuts()),
                    r -> new SleepingBarber.Result(r.prngState() ^ 1, r.haircuts()),
                    r -> new SleepingBarber.Result(r.prngState(), r.haircuts() + 1));
        }
    }

    @Test
    void threadRing() {
        ThreadRing b = new ThreadRing();
        check(b, b.paper(), 1, x -> 2, x -> 100);
        check(b, b.quick(), 10_007 % 50 + 1, x -> x + 1);
    }

    @Test
    void trapezoidalApproximation() {
        TrapezoidalApproximation b = new TrapezoidalApproximation();
        check(b, b.paper(), 0.27108075, x -> x + 2e-8, x -> x - 2e-8);
        check(b, b.quick(), TrapezoidalApproximation.referenceArea(b.quick()), x -> x + 2e-8);
    }

    @Test
    void unbalancedCobwebbedTree() {
        UnbalancedCobwebbedTree b = new UnbalancedCobwebbedTree();
        check(b, b.paper(), 99_990L, x -> x + 10, x -> x - 1);
        check(b, b.quick(), 2_990L, x -> x + 10);
    }

    @Test
    void somRandomMatchesTheSavinaRecurrence() {
        SomRandom r = new SomRandom();
        long seed = 74755;
        for (int i = 0; i < 1000; i++) {
            seed = (seed * 1309 + 13849) & 65535;
            assertEquals(seed, r.next());
        }
        SomRandom d = new SomRandom(7);
        long x = (7 * 1309 + 13849) & 65535;
        assertEquals(x / 65536.0, d.nextDouble());
    }

    @Test
    void namesAreUniqueAndThereAre18() {
        List<String> names = Benchmarks.names();
        assertEquals(18, names.size());
        assertEquals(
                18,
                names.stream()
                        .map(String::toLowerCase)
                        .collect(Collectors.toSet())
                        .size());
    }
}
