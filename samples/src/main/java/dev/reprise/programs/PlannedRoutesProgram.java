package dev.reprise.programs;

import akka.actor.AbstractActor;
import akka.actor.ActorRef;
import akka.actor.ActorSystem;
import akka.actor.Props;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;

/**
 * A classic actor that hands work to a thread pool of the program's from its turn: for each round
 * a planner's task fills a shared table of routes, then tells four workers to go; each worker sums
 * the round's routes from the table (not from the message) and reports to a collector, which prints
 * the order the reports came in. The workers read the table only because the task's "go" came after
 * it filled it, so a replay must not hand them the recorded "go" before the task has sent it again.
 * {@code main} waits on a latch the collector counts down, then terminates the system.
 */
public final class PlannedRoutesProgram {
    static final int ROUNDS = 4;
    static final int WORKERS = 4;
    static final int ROUTES = 200;

    private PlannedRoutesProgram() {}

    record Plan(int round) {}

    record Go(int round) {}

    record Report(int worker, int round, long sum) {}

    static final class Planner extends AbstractActor {
        private final ExecutorService pool;
        private final Map<Integer, Long> table;
        private final List<ActorRef> workers;

        Planner(ExecutorService pool, Map<Integer, Long> table, List<ActorRef> workers) {
            this.pool = pool;
            this.table = table;
            this.workers = workers;
        }

        @Override
        public Receive createReceive() {
            return receiveBuilder()
                    .match(
                            Plan.class,
                            p -> pool.execute(() -> {
                                for (int k = 0; k < ROUTES; k++) {
                                    table.put(p.round() * ROUTES + k, (long) (p.round() + 1) * (k * 7919L % 104729));
                                }
                                for (ActorRef w : workers) {
                                    w.tell(new Go(p.round()), ActorRef.noSender());
                                }
                            }))
                    .build();
        }
    }

    static final class Worker extends AbstractActor {
        private final int me;
        private final Map<Integer, Long> table;
        private final ActorRef collector;

        Worker(int me, Map<Integer, Long> table, ActorRef collector) {
            this.me = me;
            this.table = table;
            this.collector = collector;
        }

        @Override
        public Receive createReceive() {
            return receiveBuilder()
                    .match(Go.class, g -> {
                        long sum = 0;
                        for (int k = 0; k < ROUTES; k++) {
                            sum += table.getOrDefault(g.round() * ROUTES + k, 0L) * (me + 1);
                        }
                        collector.tell(new Report(me, g.round(), sum), self());
                    })
                    .build();
        }
    }

    static final class Collector extends AbstractActor {
        private final CountDownLatch done;
        private final StringBuilder order = new StringBuilder();
        private long total;
        private int reports;

        Collector(CountDownLatch done) {
            this.done = done;
        }

        @Override
        public Receive createReceive() {
            return receiveBuilder()
                    .match(Report.class, r -> {
                        order.append(" w").append(r.worker()).append('r').append(r.round());
                        total = total * 31 + r.sum();
                        if (++reports == ROUNDS * WORKERS) {
                            System.out.println("reports" + order);
                            System.out.println("total " + total);
                            done.countDown();
                        }
                    })
                    .build();
        }
    }

    public static void main(String[] args) throws Exception {
        ActorSystem system = ActorSystem.create("routes", ProgramConfig.config(false));
        ExecutorService pool = Executors.newFixedThreadPool(2);
        Map<Integer, Long> table = new ConcurrentHashMap<>();
        CountDownLatch done = new CountDownLatch(1);
        ActorRef collector = system.actorOf(Props.create(Collector.class, () -> new Collector(done)), "collector");
        List<ActorRef> workers = new ArrayList<>();
        for (int i = 0; i < WORKERS; i++) {
            int me = i;
            workers.add(
                    system.actorOf(Props.create(Worker.class, () -> new Worker(me, table, collector)), "worker" + i));
        }
        ActorRef planner =
                system.actorOf(Props.create(Planner.class, () -> new Planner(pool, table, workers)), "planner");
        for (int round = 0; round < ROUNDS; round++) {
            planner.tell(new Plan(round), ActorRef.noSender());
        }
        if (!done.await(1, TimeUnit.MINUTES)) {
            System.out.println("no reports");
        }
        pool.shutdown();
        system.terminate();
        system.getWhenTerminated().toCompletableFuture().get(1, TimeUnit.MINUTES);
        System.out.println("routes done");
    }
}
