package dev.reprise.programs;

import akka.actor.AbstractActor;
import akka.actor.ActorRef;
import akka.actor.ActorSystem;
import akka.actor.Props;
import akka.pattern.Patterns;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.TimeUnit;

/**
 * Input from outside with a sender: main tells each worker "start" with a listener actor as
 * sender (the workers answer getSender()), and main and three asker threads ask the workers
 * concurrently. Each worker numbers what it handles, so the answers show the race; everything is
 * printed by main at the end, so a replay's output must equal its recording's line for line.
 */
public final class OutsideSenderProgram {
    static final int WORKERS = 3;
    static final int REPLIES_PER_START = 2;
    static final CompletableFuture<List<String>> heard = new CompletableFuture<>();

    /** Collects what the workers tell it, with who told it. */
    static final class Listener extends AbstractActor {
        final List<String> got = new ArrayList<>();

        @Override
        public Receive createReceive() {
            return receiveBuilder()
                    .match(String.class, s -> {
                        got.add(getSender().path().name() + "<" + s);
                        if (got.size() == WORKERS * REPLIES_PER_START) {
                            heard.complete(List.copyOf(got));
                        }
                    })
                    .build();
        }
    }

    /** Answers whoever sent it a message; a counter shows in which order it handled them. */
    static final class Worker extends AbstractActor {
        int handled;

        @Override
        public Receive createReceive() {
            return receiveBuilder()
                    .matchEquals("start", s -> {
                        for (int k = 0; k < REPLIES_PER_START; k++) {
                            perturb();
                            getSender().tell(self().path().name() + ":start" + k + ":" + handled++, getSelf());
                        }
                    })
                    .match(String.class, q -> {
                        perturb();
                        // The asker's temp actor name comes from its trace id: the same in replay.
                        getSender()
                                .tell(
                                        self().path().name() + ":" + q + ":" + handled++ + ":"
                                                + getSender().path().name(),
                                        getSelf());
                    })
                    .build();
        }

        /** Schedule perturbation: a short random pause or a yield (recorded, so replayed the same). */
        private static void perturb() throws InterruptedException {
            int r = ThreadLocalRandom.current().nextInt(4);
            if (r == 0) {
                Thread.yield();
            } else {
                Thread.sleep(r - 1);
            }
        }
    }

    static String ask(ActorRef worker, String question) throws Exception {
        return (String) Patterns.ask(worker, question, Duration.ofSeconds(10))
                .toCompletableFuture()
                .get(20, TimeUnit.SECONDS);
    }

    public static void main(String[] args) throws Exception {
        ActorSystem system = ActorSystem.create("outside", ProgramConfig.config(false));
        ActorRef[] workers = new ActorRef[WORKERS];
        for (int i = 0; i < WORKERS; i++) {
            workers[i] = system.actorOf(Props.create(Worker.class, Worker::new), "worker" + i);
        }
        ActorRef listener = system.actorOf(Props.create(Listener.class, Listener::new), "listener");

        List<List<String>> answers = new ArrayList<>();
        List<Thread> askers = new ArrayList<>();
        for (int t = 0; t < 3; t++) {
            List<String> mine = new ArrayList<>();
            answers.add(mine);
            int n = t;
            // Outside any actor, randomness is not recorded: here it only varies the timing.
            Thread asker = new Thread(
                    () -> {
                        try {
                            for (int i = 0; i < 4; i++) {
                                Thread.sleep(ThreadLocalRandom.current().nextInt(3));
                                mine.add(ask(workers[(n + i) % WORKERS], "q" + n + "." + i));
                            }
                        } catch (Exception e) {
                            mine.add("failed: " + e);
                        }
                    },
                    "asker-" + t);
            askers.add(asker);
            asker.start();
        }
        for (ActorRef w : workers) {
            w.tell("start", listener);
        }
        List<String> mainAnswers = new ArrayList<>();
        for (ActorRef w : workers) {
            mainAnswers.add(ask(w, "main"));
        }
        for (Thread a : askers) {
            a.join();
        }

        System.out.println("listener heard " + heard.get(20, TimeUnit.SECONDS));
        for (int t = 0; t < answers.size(); t++) {
            System.out.println("asker-" + t + " got " + answers.get(t));
        }
        System.out.println("main got " + mainAnswers);
        system.terminate();
        system.getWhenTerminated().toCompletableFuture().get(30, TimeUnit.SECONDS);
    }
}
