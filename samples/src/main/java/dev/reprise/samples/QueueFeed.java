package dev.reprise.samples;

import akka.actor.ActorSystem;
import akka.japi.Pair;
import akka.stream.BoundedSourceQueue;
import akka.stream.OverflowStrategy;
import akka.stream.QueueOfferResult;
import akka.stream.javadsl.Keep;
import akka.stream.javadsl.Sink;
import akka.stream.javadsl.Source;
import akka.stream.javadsl.SourceQueueWithComplete;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.TimeUnit;
import java.util.function.IntConsumer;
import java.util.stream.IntStream;

/**
 * Pool tasks feed a stream through {@code Source.queue}, two rounds: by default through Akka's
 * {@code BoundedSourceQueue} ({@code Source.queue(bufferSize)}), which Reprise does not record
 * faithfully and says so; with the argument {@code offer-by-message}, through the queue with an
 * overflow strategy, which it records. Prints each round's sum, the same in every run.
 */
public final class QueueFeed {
    static final int FEEDERS = 3;
    static final int ELEMENTS_EACH = 20;

    private QueueFeed() {}

    public static void main(String[] args) throws Exception {
        boolean byMessage = args.length > 0 && args[0].equals("offer-by-message");
        ActorSystem system = ActorSystem.create("feed");
        for (int round = 1; round <= 2; round++) {
            int sum = byMessage ? byMessage(system) : bounded(system);
            System.out.println("round " + round + ": " + sum);
        }
        system.terminate();
        system.getWhenTerminated().toCompletableFuture().get(30, TimeUnit.SECONDS);
    }

    private static int bounded(ActorSystem system) throws Exception {
        Pair<BoundedSourceQueue<Integer>, CompletionStage<Integer>> run = Source.<Integer>queue(FEEDERS * ELEMENTS_EACH)
                .toMat(sum(), Keep.both())
                .run(system);
        feed(i -> {
            if (run.first().offer(i) != QueueOfferResult.enqueued()) {
                throw new IllegalStateException("the queue refused " + i);
            }
        });
        run.first().complete();
        return run.second().toCompletableFuture().get(30, TimeUnit.SECONDS);
    }

    private static int byMessage(ActorSystem system) throws Exception {
        Pair<SourceQueueWithComplete<Integer>, CompletionStage<Integer>> run = Source.<Integer>queue(
                        8, OverflowStrategy.backpressure(), FEEDERS)
                .toMat(sum(), Keep.both())
                .run(system);
        feed(i -> run.first().offer(i).toCompletableFuture().join());
        run.first().complete();
        return run.second().toCompletableFuture().get(30, TimeUnit.SECONDS);
    }

    private static Sink<Integer, CompletionStage<Integer>> sum() {
        return Sink.fold(0, Integer::sum);
    }

    /** Each of {@value #FEEDERS} pool tasks offers its {@value #ELEMENTS_EACH} numbers; waits for all. */
    private static void feed(IntConsumer offer) {
        CompletableFuture.allOf(IntStream.range(0, FEEDERS)
                        .mapToObj(f -> CompletableFuture.runAsync(() -> IntStream.rangeClosed(1, ELEMENTS_EACH)
                                .map(i -> f * ELEMENTS_EACH + i)
                                .forEach(offer)))
                        .toArray(CompletableFuture[]::new))
                .join();
    }
}
