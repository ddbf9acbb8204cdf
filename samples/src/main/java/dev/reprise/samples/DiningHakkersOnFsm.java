package dev.reprise.samples;

import akka.actor.AbstractFSM;
import akka.actor.ActorRef;
import akka.actor.ActorSystem;
import akka.actor.CoordinatedShutdown;
import akka.actor.Props;
import com.typesafe.config.ConfigFactory;
import java.time.Duration;
import java.util.Random;
import java.util.concurrent.TimeUnit;

/**
 * Akka's "dining hakkers" sample on {@code AbstractFSM}: chopsticks and hakkers are state machines.
 * Thinking and eating end by state timeouts ({@code forMax}), and each hakker reports its meals
 * on a single timer ({@code startSingleTimer}) that it sets again each time. The races are the
 * same as on {@code become}: neighbours race for a shared chopstick, and every timeout races the
 * other hakkers' messages.
 *
 * <p>The run ends after a fixed time with {@code CoordinatedShutdown}.
 */
public final class DiningHakkersOnFsm {
    private DiningHakkersOnFsm() {}

    static final String TAKE = "take";
    static final String PUT = "put";
    static final String THINK = "think";
    static final String REPORT = "report";

    record Busy(ActorRef chopstick) {}

    record Taken(ActorRef chopstick) {}

    enum CS {
        AVAILABLE,
        TAKEN
    }

    record TakenBy(ActorRef hakker) {}

    /** A chopstick: available, or taken by the hakker in its data. */
    static final class Chopstick extends AbstractFSM<CS, TakenBy> {
        {
            startWith(CS.AVAILABLE, new TakenBy(null));
            when(
                    CS.AVAILABLE,
                    matchEventEquals(
                            TAKE,
                            (take, data) -> goTo(CS.TAKEN)
                                    .using(new TakenBy(getSender()))
                                    .replying(new Taken(getSelf()))));
            when(
                    CS.TAKEN,
                    matchEventEquals(TAKE, (take, data) -> stay().replying(new Busy(getSelf())))
                            .event(
                                    (event, data) ->
                                            event.equals(PUT) && getSender().equals(data.hakker()),
                                    (event, data) -> goTo(CS.AVAILABLE).using(new TakenBy(null))));
            initialize();
        }
    }

    enum HS {
        WAITING,
        THINKING,
        HUNGRY,
        WAIT_FOR_OTHER_CHOPSTICK,
        FIRST_CHOPSTICK_DENIED,
        EATING
    }

    record TakenChopsticks(ActorRef left, ActorRef right) {}

    /** A hakker as a state machine; thinking and eating last as long as their state timeout. */
    static final class Hakker extends AbstractFSM<HS, TakenChopsticks> {
        private final String name;
        private final ActorRef left;
        private final ActorRef right;
        private final ActorRef console;
        private final Random random = new Random();
        private int meals;
        private int reports;

        Hakker(String name, ActorRef left, ActorRef right, ActorRef console) {
            this.name = name;
            this.left = left;
            this.right = right;
            this.console = console;

            startWith(HS.WAITING, new TakenChopsticks(null, null));
            when(HS.WAITING, matchEventEquals(THINK, (think, data) -> {
                console.tell(name + " starts to think", getSelf());
                startSingleTimer(REPORT, REPORT, Duration.ofMillis(300));
                return startThinking(Duration.ofMillis(5 + random.nextInt(20)));
            }));
            when(HS.THINKING, matchEventEquals(StateTimeout(), (event, data) -> {
                Console.jitter(random);
                left.tell(TAKE, getSelf());
                right.tell(TAKE, getSelf());
                return goTo(HS.HUNGRY);
            }));
            when(
                    HS.HUNGRY,
                    matchEvent(
                                    Taken.class,
                                    (taken, data) -> taken.chopstick().equals(left),
                                    (taken, data) ->
                                            goTo(HS.WAIT_FOR_OTHER_CHOPSTICK).using(new TakenChopsticks(left, null)))
                            .event(
                                    Taken.class,
                                    (taken, data) -> taken.chopstick().equals(right),
                                    (taken, data) ->
                                            goTo(HS.WAIT_FOR_OTHER_CHOPSTICK).using(new TakenChopsticks(null, right)))
                            .event(Busy.class, (busy, data) -> goTo(HS.FIRST_CHOPSTICK_DENIED)));
            when(
                    HS.WAIT_FOR_OTHER_CHOPSTICK,
                    matchEvent(
                                    Taken.class,
                                    (taken, data) -> taken.chopstick().equals(left)
                                            && data.left() == null
                                            && data.right() != null,
                                    (taken, data) -> startEating())
                            .event(
                                    Taken.class,
                                    (taken, data) -> taken.chopstick().equals(right)
                                            && data.right() == null
                                            && data.left() != null,
                                    (taken, data) -> startEating())
                            .event(Busy.class, (busy, data) -> {
                                if (data.left() != null) {
                                    left.tell(PUT, getSelf());
                                }
                                if (data.right() != null) {
                                    right.tell(PUT, getSelf());
                                }
                                return startThinking(Duration.ofMillis(3));
                            }));
            when(
                    HS.FIRST_CHOPSTICK_DENIED,
                    matchEvent(Taken.class, (taken, data) -> {
                                taken.chopstick().tell(PUT, getSelf());
                                return startThinking(Duration.ofMillis(3));
                            })
                            .event(Busy.class, (busy, data) -> startThinking(Duration.ofMillis(3))));
            when(HS.EATING, matchEventEquals(StateTimeout(), (event, data) -> {
                Console.jitter(random);
                left.tell(PUT, getSelf());
                right.tell(PUT, getSelf());
                console.tell(name + " puts down his chopsticks and starts to think", getSelf());
                return startThinking(Duration.ofMillis(5 + random.nextInt(20)));
            }));
            whenUnhandled(matchEventEquals(REPORT, (event, data) -> {
                reports++;
                console.tell(
                        String.format(
                                "%s reports %d meals so far (report %d, while %s)", name, meals, reports, stateName()),
                        getSelf());
                startSingleTimer(REPORT, REPORT, Duration.ofMillis(300));
                // Any message cancels the state timeout: thinking or eating goes on a little.
                boolean timed = stateName() == HS.THINKING || stateName() == HS.EATING;
                return timed ? stay().forMax(Duration.ofMillis(3)) : stay();
            }));
            initialize();
        }

        private State<HS, TakenChopsticks> startEating() {
            Console.jitter(random);
            meals++;
            console.tell(
                    String.format(
                            "%s has picked up %s and %s and starts to eat (meal %d)",
                            name, left.path().name(), right.path().name(), meals),
                    getSelf());
            return goTo(HS.EATING)
                    .using(new TakenChopsticks(left, right))
                    .forMax(scala.concurrent.duration.Duration.create(5 + random.nextInt(15), TimeUnit.MILLISECONDS));
        }

        private State<HS, TakenChopsticks> startThinking(Duration duration) {
            return goTo(HS.THINKING).using(new TakenChopsticks(null, null)).forMax(duration);
        }
    }

    public static void main(String[] args) throws Exception {
        ActorSystem system =
                ActorSystem.create("dining-hakkers-fsm", ConfigFactory.parseString("akka.loglevel = WARNING"));
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
        CoordinatedShutdown.get(system)
                .runAll(CoordinatedShutdown.unknownReason())
                .toCompletableFuture()
                .get(30, TimeUnit.SECONDS);
        System.out.println("the table is closed");
    }
}
