package dev.reprise.samples;

import akka.NotUsed;
import akka.actor.AbstractActor;
import akka.actor.ActorRef;
import akka.actor.ActorSystem;
import akka.actor.Props;
import akka.dispatch.Futures;
import akka.japi.Pair;
import akka.stream.CompletionStrategy;
import akka.stream.OverflowStrategy;
import akka.stream.javadsl.Sink;
import akka.stream.javadsl.Source;
import akka.stream.javadsl.SourceQueueWithComplete;
import akka.util.Timeout;
import com.typesafe.config.ConfigFactory;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.TimeUnit;
import scala.jdk.javaapi.FutureConverters;

/**
 * Akka Streams with its Java DSL, as its documentation writes it: two sources fed from outside,
 * a {@code Source.queue} offered to by {@value #QUEUE_FEEDERS} threads that {@code main} starts and
 * a {@code Source.actorRef} told by {@value #REF_FEEDERS} tasks of a fixed thread pool, are merged;
 * each element is worked on by {@code mapAsyncUnordered} over {@code CompletableFuture}s on the
 * pool (each sleeping a random while, so they finish in any order), by {@code mapAsync} over a
 * {@code CompletableFuture} on the actor system's dispatcher and over a Scala {@code Future}, asked
 * of a scoring actor with the {@code ask} stage, throttled, and batched by {@code groupedWithin}
 * (a timer), into {@code Sink.seq}. {@code main} prints the batches, ends the actor system and
 * shuts the pool down (also when the stream fails). Every line differs from run to run: which
 * feeder came first, which future finished first, the draws, and how the timer cut the batches.
 */
public final class StreamPipeline {
    static final int QUEUE_FEEDERS = 3;
    static final int REF_FEEDERS = 2;
    static final int EACH = 6;
    /** What {@code main} tells the actor-ref source once its feeders are done: the source completes. */
    static final int END = -1;

    private StreamPipeline() {}

    /** Scores an element: the n-th ask it answers, and a draw of its own. */
    static final class Scorer extends AbstractActor {
        private int asked;

        @Override
        public Receive createReceive() {
            return receiveBuilder()
                    .match(Integer.class, n -> {
                        asked++;
                        int draw = ThreadLocalRandom.current().nextInt(100);
                        getSender().tell(n + "#" + asked + "/" + draw, getSelf());
                    })
                    .build();
        }
    }

    public static void main(String[] args) throws Exception {
        ActorSystem system = ActorSystem.create("pipeline", ConfigFactory.parseString("akka.loglevel = WARNING"));
        ExecutorService pool = Executors.newFixedThreadPool(3);
        ActorRef scorer = system.actorOf(Props.create(Scorer.class, Scorer::new), "scorer");

        Pair<SourceQueueWithComplete<Integer>, Source<Integer, NotUsed>> queue = Source.<Integer>queue(
                        16, OverflowStrategy.backpressure(), QUEUE_FEEDERS)
                .preMaterialize(system);
        Pair<ActorRef, Source<Integer, NotUsed>> told = Source.<Integer>actorRef(
                        element -> element.equals(END) ? Optional.of(CompletionStrategy.draining()) : Optional.empty(),
                        element -> Optional.empty(),
                        64,
                        OverflowStrategy.dropNew())
                .preMaterialize(system);

        var batches = queue.second()
                .merge(told.second())
                .mapAsyncUnordered(4, n -> CompletableFuture.supplyAsync(() -> slowly(n * 10), pool))
                .mapAsync(2, n -> CompletableFuture.supplyAsync(() -> n + draw(10), system.dispatcher()))
                .mapAsync(2, n -> FutureConverters.asJava(Futures.future(() -> n * 2, system.dispatcher())))
                .ask(2, scorer, String.class, Timeout.create(Duration.ofSeconds(10)))
                .throttle(30, Duration.ofMillis(100))
                .groupedWithin(4, Duration.ofMillis(15))
                .runWith(Sink.seq(), system);

        List<Thread> offering = new ArrayList<>();
        for (int f = 0; f < QUEUE_FEEDERS; f++) {
            int feeder = f;
            Thread t = new Thread(() -> {
                for (int i = 0; i < EACH; i++) {
                    // Each feeder waits for its offer to be taken before the next (back pressure).
                    queue.first()
                            .offer(100 * (feeder + 1) + draw(50))
                            .toCompletableFuture()
                            .join();
                    pause();
                }
            });
            offering.add(t);
            t.start();
        }
        List<Future<?>> telling = new ArrayList<>();
        for (int f = 0; f < REF_FEEDERS; f++) {
            int feeder = f;
            telling.add(pool.submit(() -> {
                for (int i = 0; i < EACH; i++) {
                    told.first().tell(1000 * (feeder + 1) + draw(50), ActorRef.noSender());
                    pause();
                }
            }));
        }
        for (Thread t : offering) {
            t.join();
        }
        queue.first().complete();
        for (Future<?> f : telling) {
            f.get();
        }
        told.first().tell(END, ActorRef.noSender());

        try {
            List<List<String>> result = batches.toCompletableFuture().get(60, TimeUnit.SECONDS);
            int elements = 0;
            for (List<String> batch : result) {
                System.out.println("batch " + String.join(" ", batch));
                elements += batch.size();
            }
            System.out.println(elements + " elements in " + result.size() + " batches");
        } finally {
            system.terminate();
            pool.shutdown();
        }
    }

    /** A step that takes a random while, so the unordered stage's futures finish in any order. */
    private static int slowly(int n) {
        try {
            Thread.sleep(draw(8));
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        return n + draw(10);
    }

    private static void pause() {
        try {
            Thread.sleep(draw(4));
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    private static int draw(int bound) {
        return ThreadLocalRandom.current().nextInt(bound);
    }
}
