package dev.reprise.samples;

import akka.actor.AbstractActor;
import akka.actor.ActorRef;
import akka.actor.ActorSystem;
import akka.actor.Props;
import com.typesafe.config.ConfigFactory;
import java.time.Duration;
import java.util.Random;
import java.util.concurrent.TimeUnit;

/**
 * Akka's "dining hakkers" sample on {@code become}: five hakkers think and eat at a round table,
 * each needing the chopsticks to its left and right. Hakkers sharing a chopstick race to take it
 * (who gets it first, who is told "busy"), and thinking and eating times are random timers set
 * with {@code scheduleOnce}. Every meal is reported to the console, numbered per hakker, so the
 * output is the table's history: who ate when, after whom.
 *
 * <p>The run ends after a fixed time: {@code main} sleeps, then terminates the actor system, so
 * how many meals a run holds is up to the clock.
 */
public final class DiningHakkersOnBecome {
    private DiningHakkersOnBecome() {}

    // Messages between hakkers and chopsticks.
    record Busy(ActorRef chopstick) {}

    record Put(ActorRef hakker) {}

    record Take(ActorRef hakker) {}

    record Taken(ActorRef chopstick) {}

    static final String EAT = "eat";
    static final String THINK = "think";

    /** A chopstick is available or taken by one hakker; whoever else asks is told it is busy. */
    static final class Chopstick extends AbstractActor {
        private final Receive available = receiveBuilder()
                .match(Take.class, t -> {
                    getContext().become(takenBy(t.hakker()));
                    t.hakker().tell(new Taken(getSelf()), getSelf());
                })
                .build();

        private Receive takenBy(ActorRef hakker) {
            return receiveBuilder()
                    .match(Take.class, t -> t.hakker().tell(new Busy(getSelf()), getSelf()))
                    .match(
                            Put.class,
                            p -> p.hakker().equals(hakker),
                            p -> getContext().become(available))
                    .build();
        }

        @Override
        public Receive createReceive() {
            return available;
        }
    }

    /** A hakker: waiting, thinking, hungry, waiting for the other chopstick, denied one, eating. */
    static final class Hakker extends AbstractActor {
        private final String name;
        private final ActorRef left;
        private final ActorRef right;
        private final ActorRef console;
        private final Random random = new Random();
        private int meals;

        Hakker(String name, ActorRef left, ActorRef right, ActorRef console) {
            this.name = name;
            this.left = left;
            this.right = right;
            this.console = console;
        }

        @Override
        public Receive createReceive() {
            return receiveBuilder()
                    .matchEquals(THINK, m -> {
                        console.tell(name + " starts to think", getSelf());
                        startThinking(Duration.ofMillis(5 + random.nextInt(20)));
                    })
                    .build();
        }

        private Receive thinking() {
            return receiveBuilder()
                    .matchEquals(EAT, m -> {
                        Console.jitter(random);
                        getContext().become(hungry());
                        left.tell(new Take(getSelf()), getSelf());
                        right.tell(new Take(getSelf()), getSelf());
                    })
                    .build();
        }

        private Receive hungry() {
            return receiveBuilder()
                    .match(
                            Taken.class,
                            t -> t.chopstick().equals(left),
                            t -> getContext().become(waitingFor(right, left)))
                    .match(
                            Taken.class,
                            t -> t.chopstick().equals(right),
                            t -> getContext().become(waitingFor(left, right)))
                    .match(Busy.class, b -> getContext().become(deniedAChopstick()))
                    .build();
        }

        private Receive waitingFor(ActorRef chopstickToWaitFor, ActorRef otherChopstick) {
            return receiveBuilder()
                    .match(Taken.class, t -> t.chopstick().equals(chopstickToWaitFor), t -> {
                        Console.jitter(random);
                        meals++;
                        console.tell(
                                String.format(
                                        "%s has picked up %s and %s and starts to eat (meal %d)",
                                        name, left.path().name(), right.path().name(), meals),
                                getSelf());
                        getContext().become(eating());
                        schedule(Duration.ofMillis(5 + random.nextInt(15)), THINK);
                    })
                    .match(Busy.class, b -> {
                        otherChopstick.tell(new Put(getSelf()), getSelf());
                        startThinking(Duration.ofMillis(3));
                    })
                    .build();
        }

        private Receive deniedAChopstick() {
            return receiveBuilder()
                    .match(Taken.class, t -> {
                        t.chopstick().tell(new Put(getSelf()), getSelf());
                        startThinking(Duration.ofMillis(3));
                    })
                    .match(Busy.class, b -> startThinking(Duration.ofMillis(3)))
                    .build();
        }

        private Receive eating() {
            return receiveBuilder()
                    .matchEquals(THINK, m -> {
                        Console.jitter(random);
                        left.tell(new Put(getSelf()), getSelf());
                        right.tell(new Put(getSelf()), getSelf());
                        console.tell(name + " puts down his chopsticks and starts to think", getSelf());
                        startThinking(Duration.ofMillis(5 + random.nextInt(20)));
                    })
                    .build();
        }

        private void startThinking(Duration duration) {
            getContext().become(thinking());
            schedule(duration, EAT);
        }

        private void schedule(Duration delay, String message) {
            getContext()
                    .getSystem()
                    .scheduler()
                    .scheduleOnce(delay, getSelf(), message, getContext().getDispatcher(), getSelf());
        }
    }

    public static void main(String[] args) throws Exception {
        ActorSystem system = ActorSystem.create("dining-hakkers", ConfigFactory.parseString("akka.loglevel = WARNING"));
        ActorRef console = system.actorOf(Console.props(), "console");
        ActorRef[] chopsticks = new ActorRef[5];
        for (int i = 0; i < 5; i++) {
            chopsticks[i] = system.actorOf(Props.create(Chopstick.class, Chopstick::new), "chopstick" + i);
        }
        String[] names = {"Ghosh", "Boner", "Klang", "Krasser", "Manie"};
        for (int i = 0; i < names.length; i++) {
            String name = names[i];
            ActorRef left = chopsticks[i];
            ActorRef right = chopsticks[(i + 1) % 5];
            system.actorOf(Props.create(Hakker.class, () -> new Hakker(name, left, right, console)), name)
                    .tell(THINK, ActorRef.noSender());
        }
        Thread.sleep(1500);
        system.terminate();
        system.getWhenTerminated().toCompletableFuture().get(30, TimeUnit.SECONDS);
        System.out.println("the table is closed");
    }
}
