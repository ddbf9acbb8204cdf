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
import java.util.concurrent.CompletableFuture;

/**
 * Savina ConcurrentSortedLinkedList (concsll): workers send size queries, inserts and lookups
 * to an actor holding a sorted linked list, one request at a time. The final list size is the
 * number of inserts, which depends only on each worker's PRNG. Check: SOMns constant 1496 for
 * 10:1500:10:1, otherwise a sequential replay of the workers' PRNG draws; also every request
 * was served.
 */
public final class ConcurrentSortedLinkedList
        implements SavinaBenchmark<ConcurrentSortedLinkedList.Params, ConcurrentSortedLinkedList.Result> {

    /** SOMns {@code verifyResult:} for 10:1500:10:1. */
    public static final long SOMNS_PAPER_SIZE = 1496;

    /**
     * @param workers number of worker actors
     * @param messagesPerWorker requests each worker sends
     * @param writePercent percentage of inserts
     * @param sizePercent percentage of size queries
     */
    public record Params(int workers, int messagesPerWorker, int writePercent, int sizePercent)
            implements Serializable {}

    /**
     * @param size final list size
     * @param requests number of requests the list actor served
     */
    public record Result(int size, long requests) implements Serializable {}

    record DoWork() implements Serializable {}

    record Write(long value) implements Serializable {}

    record Contains(long value) implements Serializable {}

    record Size() implements Serializable {}

    record Reply(Object value) implements Serializable {}

    record EndWork() implements Serializable {}

    @Override
    public String name() {
        return "ConcurrentSortedLinkedList";
    }

    @Override
    public Params paper() {
        return new Params(10, 1_500, 10, 1);
    }

    @Override
    public Params quick() {
        return new Params(10, 200, 10, 1);
    }

    @Override
    public Result run(ActorSystem system, Params p, Duration timeout) throws InterruptedException {
        return Iteration.await(system, name(), f -> Props.create(Master.class, () -> new Master(p, f)), timeout);
    }

    @Override
    public void verify(Params p, Result r) {
        long expected = p.equals(paper()) ? SOMNS_PAPER_SIZE : referenceSize(p);
        Checks.equal(name(), "list size", expected, r.size());
        Checks.equal(name(), "requests served", (long) p.workers() * p.messagesPerWorker(), r.requests());
    }

    /** Sequential reference: replays every worker's PRNG draws and counts the inserts. */
    public static long referenceSize(Params p) {
        long writes = 0;
        for (int id = 1; id <= p.workers(); id++) {
            SomRandom random = new SomRandom(seed(p, id));
            for (int m = 0; m < p.messagesPerWorker(); m++) {
                long anInt = random.next() % 100;
                if (anInt < p.sizePercent()) {
                    continue;
                }
                random.next();
                if (anInt < p.sizePercent() + p.writePercent()) {
                    writes++;
                }
            }
        }
        return writes;
    }

    static long seed(Params p, int id) {
        return id + p.messagesPerWorker() + p.writePercent() + p.sizePercent();
    }

    static final class Master extends RootActor<Result> {
        private final Params p;
        private ActorRef sortedList;
        private int workersTerminated;

        Master(Params p, CompletableFuture<Result> completion) {
            super(completion);
            this.p = p;
        }

        @Override
        public void preStart() {
            sortedList = getContext().actorOf(Props.create(SortedListActor.class, SortedListActor::new));
            ActorRef master = getSelf();
            ActorRef list = sortedList;
            for (int i = 1; i <= p.workers(); i++) {
                int id = i;
                ActorRef worker =
                        getContext().actorOf(Props.create(Worker.class, () -> new Worker(p, id, master, list)));
                worker.tell(new DoWork(), getSelf());
            }
        }

        @Override
        public Receive createReceive() {
            return receiveBuilder()
                    .match(EndWork.class, m -> {
                        workersTerminated++;
                        if (workersTerminated == p.workers()) {
                            sortedList.tell(new EndWork(), getSelf());
                        }
                    })
                    .match(Result.class, this::finish)
                    .build();
        }
    }

    static final class Worker extends BenchActor {
        private final Params p;
        private final ActorRef master;
        private final ActorRef sortedList;
        private final SomRandom random;
        private int messageCount;

        Worker(Params p, int id, ActorRef master, ActorRef sortedList) {
            this.p = p;
            this.master = master;
            this.sortedList = sortedList;
            this.random = new SomRandom(seed(p, id));
        }

        @Override
        public Receive createReceive() {
            return receiveBuilder()
                    .match(DoWork.class, m -> doWork())
                    .match(Reply.class, m -> doWork())
                    .build();
        }

        private void doWork() {
            messageCount++;
            if (messageCount <= p.messagesPerWorker()) {
                long anInt = random.next() % 100;
                if (anInt < p.sizePercent()) {
                    sortedList.tell(new Size(), getSelf());
                } else if (anInt < p.sizePercent() + p.writePercent()) {
                    sortedList.tell(new Write(random.next()), getSelf());
                } else {
                    sortedList.tell(new Contains(random.next()), getSelf());
                }
            } else {
                master.tell(new EndWork(), getSelf());
            }
        }
    }

    static final class SortedListActor extends BenchActor {
        private final SortedLinkedList dataList = new SortedLinkedList();
        private long requests;

        @Override
        public Receive createReceive() {
            return receiveBuilder()
                    .match(Write.class, m -> {
                        requests++;
                        dataList.add(m.value());
                        getSender().tell(new Reply(m.value()), getSelf());
                    })
                    .match(Contains.class, m -> {
                        requests++;
                        getSender().tell(new Reply(dataList.contains(m.value())), getSelf());
                    })
                    .match(Size.class, m -> {
                        requests++;
                        getSender().tell(new Reply(dataList.size()), getSelf());
                    })
                    .match(EndWork.class, m -> getSender().tell(new Result(dataList.size(), requests), getSelf()))
                    .build();
        }
    }

    /** A plain sorted singly linked list (duplicates kept), confined to one actor. */
    static final class SortedLinkedList {
        private static final class Node {
            final long item;
            Node next;

            Node(long item) {
                this.item = item;
            }
        }

        private Node head;

        void add(long item) {
            Node newNode = new Node(item);
            if (head == null) {
                head = newNode;
                return;
            }
            if (item < head.item) {
                newNode.next = head;
                head = newNode;
                return;
            }
            Node before = head;
            Node after = head.next;
            while (after != null && item >= after.item) {
                before = after;
                after = after.next;
            }
            newNode.next = before.next;
            before.next = newNode;
        }

        boolean contains(long item) {
            for (Node n = head; n != null; n = n.next) {
                if (n.item == item) {
                    return true;
                }
            }
            return false;
        }

        int size() {
            int r = 0;
            for (Node n = head; n != null; n = n.next) {
                r++;
            }
            return r;
        }
    }
}
