package dev.reprise.programs;

import akka.actor.AbstractActor;
import akka.actor.ActorRef;
import akka.actor.ActorSystem;
import akka.actor.Props;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;

/**
 * Racy on purpose, to show record and replay: eight workers (some created by a second parent, so
 * creation races too) each send 40 numbered messages to a collector, which also takes input from
 * three outside threads and a clock reading; the collector prints the order it saw as "result".
 */
public final class RacyProgram {
    static final CompletableFuture<String> result = new CompletableFuture<>();

    static final class Collector extends AbstractActor {
        final StringBuilder order = new StringBuilder();
        final List<String> seen = new ArrayList<>();
        final int expected;

        Collector(int expected) {
            this.expected = expected;
        }

        @Override
        public Receive createReceive() {
            return receiveBuilder()
                    .match(String.class, s -> {
                        seen.add(s);
                        if (seen.size() == expected) {
                            long h = 17;
                            for (String x : seen) {
                                h = h * 31 + x.hashCode();
                            }
                            result.complete(Long.toHexString(h) + " first " + String.join(",", seen.subList(0, 12))
                                    + " t " + (System.nanoTime() % 1000));
                        }
                    })
                    .build();
        }
    }

    static final class Worker extends AbstractActor {
        final ActorRef collector;

        Worker(ActorRef collector) {
            this.collector = collector;
        }

        @Override
        public void preStart() {
            for (int i = 0; i < 40; i++) {
                collector.tell(getSelf().path().name() + ":" + i, getSelf());
            }
        }

        @Override
        public Receive createReceive() {
            return receiveBuilder().build();
        }
    }

    static final class Parent extends AbstractActor {
        final ActorRef collector;
        final int workers;

        Parent(ActorRef collector, int workers) {
            this.collector = collector;
            this.workers = workers;
        }

        @Override
        public void preStart() {
            for (int i = 0; i < workers; i++) {
                getContext().actorOf(Props.create(Worker.class, () -> new Worker(collector)));
            }
        }

        @Override
        public Receive createReceive() {
            return receiveBuilder().build();
        }
    }

    public static void main(String[] args) throws Exception {
        ActorSystem system = ActorSystem.create("racy", ProgramConfig.config(false));
        ActorRef collector =
                system.actorOf(Props.create(Collector.class, () -> new Collector(8 * 40 + 3 * 5)), "collector");
        system.actorOf(Props.create(Parent.class, () -> new Parent(collector, 4)), "left");
        system.actorOf(Props.create(Parent.class, () -> new Parent(collector, 4)), "right");
        List<Thread> outside = new ArrayList<>();
        for (int t = 0; t < 3; t++) {
            int n = t;
            Thread th = new Thread(
                    () -> {
                        for (int i = 0; i < 5; i++) {
                            collector.tell("outside" + n + ":" + i, ActorRef.noSender());
                        }
                    },
                    "feeder-" + t);
            outside.add(th);
            th.start();
        }
        for (Thread th : outside) {
            th.join();
        }
        System.out.println("result " + result.get(30, TimeUnit.SECONDS));
        system.terminate();
        system.getWhenTerminated().toCompletableFuture().get(30, TimeUnit.SECONDS);
    }
}
