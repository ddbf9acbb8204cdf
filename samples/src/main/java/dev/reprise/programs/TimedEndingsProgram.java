package dev.reprise.programs;

import akka.actor.AbstractActor;
import akka.actor.ActorRef;
import akka.actor.ActorSystem;
import akka.actor.CoordinatedShutdown;
import akka.actor.Props;
import java.time.Duration;
import java.util.Random;
import java.util.concurrent.TimeUnit;

/**
 * Programs that end by time or by a stop, as real ones do, while their actors are busy: tickers
 * re-arm {@code scheduleOnce} timers and feed a counter; every line goes through one console actor.
 * How many ticks happen before the end is a race with the clock. Modes: {@code sleep} (main waits
 * until the tickers are busy, sleeps, then {@code system.terminate()}), {@code coordinated} (the same, then
 * {@code CoordinatedShutdown}), {@code exit} (main calls {@code System.exit} once the counter
 * has reached a total, while the tickers go on).
 */
public final class TimedEndingsProgram {
    static final int TICKERS = 3;
    static final java.util.concurrent.CompletableFuture<Void> reached = new java.util.concurrent.CompletableFuture<>();
    /** The tickers are under way (the counter passed 100): a loaded machine may take longer than the sleep to get there. */
    static final java.util.concurrent.CompletableFuture<Void> busy = new java.util.concurrent.CompletableFuture<>();

    static final class Console extends AbstractActor {
        @Override
        public Receive createReceive() {
            return receiveBuilder().match(String.class, System.out::println).build();
        }
    }

    /** Adds what the tickers send and prints the running total; in exit mode, ends the JVM at a threshold. */
    static final class Counter extends AbstractActor {
        final ActorRef console;
        final boolean exit;
        long total;

        Counter(ActorRef console, boolean exit) {
            this.console = console;
            this.exit = exit;
        }

        @Override
        public Receive createReceive() {
            return receiveBuilder()
                    .match(Integer.class, n -> {
                        total += n;
                        console.tell(
                                "total " + total + " after " + n + " from "
                                        + getSender().path().name(),
                                getSelf());
                        if (total >= 100) {
                            busy.complete(null);
                        }
                        if (exit && total >= 400 && !reached.isDone()) {
                            console.tell("exiting at " + total, getSelf());
                            reached.complete(null);
                        }
                    })
                    .build();
        }
    }

    /** Ticks on a timer it re-arms after a random delay, sending a random number to the counter. */
    static final class Ticker extends AbstractActor {
        final ActorRef console;
        final ActorRef counter;
        final Random random = new Random();
        int ticks;

        Ticker(ActorRef console, ActorRef counter) {
            this.console = console;
            this.counter = counter;
        }

        @Override
        public void preStart() {
            arm();
        }

        private void arm() {
            getContext()
                    .getSystem()
                    .scheduler()
                    .scheduleOnce(
                            Duration.ofMillis(1 + random.nextInt(5)),
                            getSelf(),
                            "tick",
                            getContext().getDispatcher(),
                            getSelf());
        }

        @Override
        public Receive createReceive() {
            return receiveBuilder()
                    .matchEquals("tick", t -> {
                        ticks++;
                        if (random.nextInt(3) == 0) {
                            Thread.sleep(random.nextInt(3)); // schedule perturbation
                        }
                        int n = 1 + random.nextInt(9);
                        console.tell(getSelf().path().name() + " tick " + ticks + " sends " + n, getSelf());
                        counter.tell(n, getSelf());
                        arm();
                    })
                    .build();
        }
    }

    public static void main(String[] args) throws Exception {
        String mode = args[0];
        // Akka's default: at System.exit, coordinated shutdown stops the actors in Akka's JVM shutdown hook.
        ActorSystem system = ActorSystem.create(
                "timed-endings",
                com.typesafe.config.ConfigFactory.parseString("akka.coordinated-shutdown.run-by-jvm-shutdown-hook = on")
                        .withFallback(ProgramConfig.config(false)));
        ActorRef console = system.actorOf(Props.create(Console.class, Console::new), "console");
        ActorRef counter =
                system.actorOf(Props.create(Counter.class, () -> new Counter(console, mode.equals("exit"))), "counter");
        for (int i = 0; i < TICKERS; i++) {
            system.actorOf(Props.create(Ticker.class, () -> new Ticker(console, counter)), "ticker" + i);
        }
        if (mode.equals("exit")) {
            reached.get(30, TimeUnit.SECONDS);
            System.exit(0); // the tickers are still busy: Akka's shutdown hook stops them
        }
        busy.get(30, TimeUnit.SECONDS);
        Thread.sleep(200);
        if (mode.equals("coordinated")) {
            CoordinatedShutdown.get(system).runAll(CoordinatedShutdown.unknownReason());
        } else {
            system.terminate();
        }
        system.getWhenTerminated().toCompletableFuture().get(30, TimeUnit.SECONDS);
    }
}
