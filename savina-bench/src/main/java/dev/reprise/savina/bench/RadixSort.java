package dev.reprise.savina.bench;

import akka.actor.ActorRef;
import akka.actor.ActorSystem;
import akka.actor.Props;
import dev.reprise.savina.BenchActor;
import dev.reprise.savina.CheckFailedException;
import dev.reprise.savina.Checks;
import dev.reprise.savina.Iteration;
import dev.reprise.savina.RootActor;
import dev.reprise.savina.SavinaBenchmark;
import dev.reprise.savina.SomRandom;
import java.io.Serializable;
import java.time.Duration;
import java.util.concurrent.CompletableFuture;

/**
 * Savina RadixSort: a source actor emits {@code values} PRNG values below {@code maxValue} into a
 * pipeline with one sorting actor per bit (least significant first); the validating root
 * receives the sorted stream. A value out of order fails the iteration. Check: the sum of the
 * values, SOMns constant 1642300184 for 50000:65536:74755, otherwise the sum of the same PRNG
 * draws computed sequentially; also the number of values.
 */
public final class RadixSort implements SavinaBenchmark<RadixSort.Params, RadixSort.Result> {

    /** SOMns {@code verifyResult:} for 50000:65536:74755. */
    public static final long SOMNS_PAPER_CHECKSUM = 1_642_300_184L;

    /**
     * @param values number of values to sort
     * @param maxValue exclusive upper bound of the values (a power of two)
     * @param seed PRNG seed of the source
     */
    public record Params(int values, long maxValue, long seed) implements Serializable {}

    /**
     * @param checksum sum of the values in sorted order
     * @param count number of values received
     */
    public record Result(long checksum, long count) implements Serializable {}

    record StartSource(ActorRef firstSorter) implements Serializable {}

    record Value(long value) implements Serializable {}

    @Override
    public String name() {
        return "RadixSort";
    }

    @Override
    public Params paper() {
        return new Params(50_000, 65_536, 74_755);
    }

    @Override
    public Params quick() {
        return new Params(5_000, 65_536, 74_755);
    }

    @Override
    public Result run(ActorSystem system, Params p, Duration timeout) throws InterruptedException {
        return Iteration.await(system, name(), f -> Props.create(Validator.class, () -> new Validator(p, f)), timeout);
    }

    @Override
    public void verify(Params p, Result r) {
        long expected = p.equals(paper()) ? SOMNS_PAPER_CHECKSUM : referenceChecksum(p);
        Checks.equal(name(), "checksum", expected, r.checksum());
        Checks.equal(name(), "number of values", p.values(), r.count());
    }

    static long nextValue(SomRandom random, long maxValue) {
        return Math.abs(random.next() % maxValue);
    }

    /** Sequential reference: the sum of the values the source draws. */
    public static long referenceChecksum(Params p) {
        SomRandom random = new SomRandom(p.seed());
        long sum = 0;
        for (int i = 0; i < p.values(); i++) {
            sum += nextValue(random, p.maxValue());
        }
        return sum;
    }

    /** The validation actor is the root; it builds the pipeline and starts the source. */
    static final class Validator extends RootActor<Result> {
        private final Params p;
        private long sumSoFar;
        private long valuesSoFar;
        private long prevValue;

        Validator(Params p, CompletableFuture<Result> completion) {
            super(completion);
            this.p = p;
        }

        @Override
        public void preStart() {
            ActorRef source = getContext().actorOf(Props.create(IntSource.class, () -> new IntSource(p)));
            ActorRef next = getSelf();
            for (long radix = p.maxValue() / 2; radix > 0; radix /= 2) {
                long r = radix;
                ActorRef n = next;
                next = getContext().actorOf(Props.create(Sorter.class, () -> new Sorter(p.values(), r, n)));
            }
            source.tell(new StartSource(next), getSelf());
        }

        @Override
        public Receive createReceive() {
            return receiveBuilder()
                    .match(Value.class, m -> {
                        valuesSoFar++;
                        if (m.value() < prevValue) {
                            throw new CheckFailedException(
                                    "RadixSort",
                                    "value " + m.value() + " out of place at index " + valuesSoFar + " (previous "
                                            + prevValue + ")");
                        }
                        prevValue = m.value();
                        sumSoFar += m.value();
                        if (valuesSoFar == p.values()) {
                            finish(new Result(sumSoFar, valuesSoFar));
                        }
                    })
                    .build();
        }
    }

    static final class IntSource extends BenchActor {
        private final Params p;

        IntSource(Params p) {
            this.p = p;
        }

        @Override
        public Receive createReceive() {
            return receiveBuilder()
                    .match(StartSource.class, m -> {
                        SomRandom random = new SomRandom(p.seed());
                        for (int i = 0; i < p.values(); i++) {
                            m.firstSorter().tell(new Value(nextValue(random, p.maxValue())), getSelf());
                        }
                    })
                    .build();
        }
    }

    /** Forwards values with the radix bit clear, buffers the others until all values are seen. */
    static final class Sorter extends BenchActor {
        private final int numValues;
        private final long radix;
        private final ActorRef next;
        private final long[] ordering;
        private int valuesSoFar;
        private int buffered;

        Sorter(int numValues, long radix, ActorRef next) {
            this.numValues = numValues;
            this.radix = radix;
            this.next = next;
            this.ordering = new long[numValues];
        }

        @Override
        public Receive createReceive() {
            return receiveBuilder()
                    .match(Value.class, m -> {
                        valuesSoFar++;
                        if ((m.value() & radix) == 0) {
                            next.tell(m, getSelf());
                        } else {
                            ordering[buffered++] = m.value();
                        }
                        if (valuesSoFar == numValues) {
                            for (int i = 0; i < buffered; i++) {
                                next.tell(new Value(ordering[i]), getSelf());
                            }
                        }
                    })
                    .build();
        }
    }
}
