package dev.reprise.savina.bench;

import akka.actor.ActorRef;
import akka.actor.ActorSystem;
import akka.actor.Props;
import dev.reprise.savina.BenchActor;
import dev.reprise.savina.Checks;
import dev.reprise.savina.Iteration;
import dev.reprise.savina.RootActor;
import dev.reprise.savina.SavinaBenchmark;
import dev.reprise.savina.SomRandom;
import java.io.Serializable;
import java.time.Duration;
import java.util.HashMap;
import java.util.Map;
import java.util.concurrent.CompletableFuture;

/**
 * Savina ConcurrentDictionary (concdict): workers send reads and writes (keys below
 * {@link #DATA_LIMIT}) to a dictionary actor, one request at a time. Check (SOMns): the final
 * dictionary size is {@link #DATA_LIMIT}; also every request was served.
 */
public final class ConcurrentDictionary
        implements SavinaBenchmark<ConcurrentDictionary.Params, ConcurrentDictionary.Result> {

    /** The SOMns key range; Savina used {@code Integer.MAX_VALUE / 4096}. */
    public static final int DATA_LIMIT = 512;

    /**
     * @param workers number of worker actors
     * @param messagesPerWorker requests each worker sends
     * @param writePercent percentage of writes
     */
    public record Params(int workers, int messagesPerWorker, int writePercent) implements Serializable {}

    /**
     * @param size final number of entries in the dictionary
     * @param requests number of reads and writes the dictionary served
     */
    public record Result(int size, long requests) implements Serializable {}

    record DoWork() implements Serializable {}

    record Write(long key, long value) implements Serializable {}

    record Read(long key) implements Serializable {}

    record Value(Long value) implements Serializable {}

    record EndWork() implements Serializable {}

    @Override
    public String name() {
        return "ConcurrentDictionary";
    }

    @Override
    public Params paper() {
        return new Params(20, 1_000, 20);
    }

    @Override
    public Params quick() {
        return new Params(10, 200, 20);
    }

    @Override
    public Result run(ActorSystem system, Params p, Duration timeout) throws InterruptedException {
        return Iteration.await(system, name(), f -> Props.create(Master.class, () -> new Master(p, f)), timeout);
    }

    @Override
    public void verify(Params p, Result r) {
        Checks.equal(name(), "dictionary size", DATA_LIMIT, r.size());
        Checks.equal(name(), "requests served", (long) p.workers() * p.messagesPerWorker(), r.requests());
    }

    static final class Master extends RootActor<Result> {
        private final Params p;
        private ActorRef dictionary;
        private int workersTerminated;

        Master(Params p, CompletableFuture<Result> completion) {
            super(completion);
            this.p = p;
        }

        @Override
        public void preStart() {
            dictionary = getContext().actorOf(Props.create(DictionaryActor.class, DictionaryActor::new));
            ActorRef master = getSelf();
            ActorRef dict = dictionary;
            for (int i = 1; i <= p.workers(); i++) {
                int id = i;
                ActorRef worker =
                        getContext().actorOf(Props.create(Worker.class, () -> new Worker(p, id, master, dict)));
                worker.tell(new DoWork(), getSelf());
            }
        }

        @Override
        public Receive createReceive() {
            return receiveBuilder()
                    .match(EndWork.class, m -> {
                        workersTerminated++;
                        if (workersTerminated == p.workers()) {
                            dictionary.tell(new EndWork(), getSelf());
                        }
                    })
                    .match(Result.class, this::finish)
                    .build();
        }
    }

    static final class Worker extends BenchActor {
        private final Params p;
        private final ActorRef master;
        private final ActorRef dictionary;
        private final SomRandom random;
        private int messageCount;

        Worker(Params p, int id, ActorRef master, ActorRef dictionary) {
            this.p = p;
            this.master = master;
            this.dictionary = dictionary;
            this.random = new SomRandom(id + p.messagesPerWorker() + p.writePercent());
        }

        @Override
        public Receive createReceive() {
            return receiveBuilder()
                    .match(DoWork.class, m -> doWork())
                    .match(Value.class, m -> doWork())
                    .build();
        }

        private void doWork() {
            messageCount++;
            if (messageCount <= p.messagesPerWorker()) {
                long rnd = random.next() % 100;
                if (rnd < p.writePercent()) {
                    long key = random.next() % DATA_LIMIT;
                    long value = random.next();
                    dictionary.tell(new Write(key, value), getSelf());
                } else {
                    dictionary.tell(new Read(random.next() % DATA_LIMIT), getSelf());
                }
            } else {
                master.tell(new EndWork(), getSelf());
            }
        }
    }

    static final class DictionaryActor extends BenchActor {
        private final Map<Long, Long> dataMap = new HashMap<>();
        private long requests;

        DictionaryActor() {
            for (long i = 0; i < DATA_LIMIT; i++) {
                dataMap.put(i, i);
            }
        }

        @Override
        public Receive createReceive() {
            return receiveBuilder()
                    .match(Write.class, m -> {
                        requests++;
                        dataMap.put(m.key(), m.value());
                        getSender().tell(new Value(m.value()), getSelf());
                    })
                    .match(Read.class, m -> {
                        requests++;
                        getSender().tell(new Value(dataMap.get(m.key())), getSelf());
                    })
                    .match(EndWork.class, m -> getSender().tell(new Result(dataMap.size(), requests), getSelf()))
                    .build();
        }
    }
}
