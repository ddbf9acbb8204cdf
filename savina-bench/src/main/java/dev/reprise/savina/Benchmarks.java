package dev.reprise.savina;

import dev.reprise.savina.bench.BankTransaction;
import dev.reprise.savina.bench.BigContention;
import dev.reprise.savina.bench.Chameneos;
import dev.reprise.savina.bench.CigaretteSmokers;
import dev.reprise.savina.bench.ConcurrentDictionary;
import dev.reprise.savina.bench.ConcurrentSortedLinkedList;
import dev.reprise.savina.bench.Counting;
import dev.reprise.savina.bench.ForkJoinActorCreation;
import dev.reprise.savina.bench.ForkJoinThroughput;
import dev.reprise.savina.bench.LogisticMapSeries;
import dev.reprise.savina.bench.Philosophers;
import dev.reprise.savina.bench.PingPong;
import dev.reprise.savina.bench.ProducerConsumerBoundedBuffer;
import dev.reprise.savina.bench.RadixSort;
import dev.reprise.savina.bench.SleepingBarber;
import dev.reprise.savina.bench.ThreadRing;
import dev.reprise.savina.bench.TrapezoidalApproximation;
import dev.reprise.savina.bench.UnbalancedCobwebbedTree;
import java.util.List;
import java.util.Locale;
import java.util.stream.Collectors;

/** The 18 Savina benchmarks of the SOMns record and replay paper. */
public final class Benchmarks {
    private Benchmarks() {}

    /** All 18 benchmarks, in alphabetical order (fresh instances; they are stateless). */
    public static List<SavinaBenchmark<?, ?>> all() {
        return List.of(
                new BankTransaction(),
                new BigContention(),
                new Chameneos(),
                new CigaretteSmokers(),
                new ConcurrentDictionary(),
                new ConcurrentSortedLinkedList(),
                new Counting(),
                new ForkJoinActorCreation(),
                new ForkJoinThroughput(),
                new LogisticMapSeries(),
                new Philosophers(),
                new PingPong(),
                new ProducerConsumerBoundedBuffer(),
                new RadixSort(),
                new SleepingBarber(),
                new ThreadRing(),
                new TrapezoidalApproximation(),
                new UnbalancedCobwebbedTree());
    }

    /** The names of all benchmarks, in the order of {@link #all()}. */
    public static List<String> names() {
        return all().stream().map(SavinaBenchmark::name).collect(Collectors.toList());
    }

    /**
     * The benchmark with the given name, ignoring case.
     *
     * @throws IllegalArgumentException listing the valid names if there is none
     */
    public static SavinaBenchmark<?, ?> byName(String name) {
        for (SavinaBenchmark<?, ?> b : all()) {
            if (b.name().toLowerCase(Locale.ROOT).equals(name.toLowerCase(Locale.ROOT))) {
                return b;
            }
        }
        throw new IllegalArgumentException(
                "unknown benchmark '" + name + "'; valid names: " + String.join(", ", names()));
    }
}
