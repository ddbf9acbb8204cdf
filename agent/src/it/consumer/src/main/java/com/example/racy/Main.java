package com.example.racy;

import akka.actor.AbstractActor;
import akka.actor.ActorRef;
import akka.actor.ActorSystem;
import akka.actor.Props;
import com.typesafe.config.ConfigFactory;
import dev.reprise.api.Reprise;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;

/**
 * Racy on purpose: four workers and two outside threads send to one collector at once, so each
 * run sees them in another order. The collector prints that order, a clock reading and a random
 * number and its process id, every line starting with "racy: ". With -Dconsumer.diverge=true worker 0 sends one
 * message fewer: a changed program whose replay of an earlier recording diverges.
 */
public final class Main {
    static final String PREFIX = "racy: ";
    static final int WORKERS = 4;
    static final int FEEDERS = 2;
    static final int EACH = 10;

    static final class Collector extends AbstractActor {
        final List<String> seen = new ArrayList<>();
        final CompletableFuture<List<String>> done;

        Collector(CompletableFuture<List<String>> done) {
            this.done = done;
        }

        @Override
        public Receive createReceive() {
            return receiveBuilder().match(String.class, s -> {
                seen.add(s);
                if (seen.size() == (WORKERS + FEEDERS) * EACH) {
                    seen.add("clock " + System.currentTimeMillis());
                    seen.add("random " + new Random().nextInt(1_000_000));
                    // A value the agent does not capture by itself: recorded through runtime-api.
                    seen.add("pid " + Reprise.systemCallLong(() -> ProcessHandle.current().pid()));
                    done.complete(seen);
                }
            }).build();
        }
    }

    static final class Worker extends AbstractActor {
        final ActorRef collector;
        final int messages;

        Worker(ActorRef collector, int messages) {
            this.collector = collector;
            this.messages = messages;
        }

        @Override
        public void preStart() {
            for (int i = 0; i < messages; i++) {
                collector.tell(getSelf().path().name() + "#" + i, getSelf());
            }
        }

        @Override
        public Receive createReceive() {
            return receiveBuilder().build();
        }
    }

    public static void main(String[] args) throws Exception {
        int n = 0;
        for (String line : collect(Boolean.getBoolean("consumer.diverge"))) {
            System.out.println(PREFIX + (n++) + " " + line);
        }
    }

    /** Runs the program: what the collector saw, in its order, then its clock, random and pid lines. */
    public static List<String> collect(boolean diverge) throws Exception {
        ActorSystem system = ActorSystem.create("consumer", ConfigFactory.parseString(
                "akka.loglevel = WARNING\nakka.log-dead-letters = off").withFallback(ConfigFactory.load()));
        CompletableFuture<List<String>> done = new CompletableFuture<>();
        ActorRef collector = system.actorOf(Props.create(Collector.class, () -> new Collector(done)), "collector");
        for (int w = 0; w < WORKERS; w++) {
            int messages = diverge && w == 0 ? EACH - 1 : EACH;
            system.actorOf(Props.create(Worker.class, () -> new Worker(collector, messages)), "worker" + w);
        }
        List<Thread> feeders = new ArrayList<>();
        for (int f = 0; f < FEEDERS; f++) {
            String name = "feeder" + f;
            Thread t = new Thread(() -> {
                for (int i = 0; i < EACH; i++) {
                    collector.tell(name + "#" + i, ActorRef.noSender());
                }
            }, name);
            feeders.add(t);
            t.start();
        }
        for (Thread t : feeders) {
            t.join();
        }
        try {
            return done.get(60, TimeUnit.SECONDS);
        } finally {
            system.terminate();
            system.getWhenTerminated().toCompletableFuture().get(30, TimeUnit.SECONDS);
        }
    }
}
