package dev.reprise.samples;

import akka.actor.AbstractActor;
import akka.actor.AbstractActorWithStash;
import akka.actor.ActorRef;
import akka.actor.ActorSystem;
import akka.actor.OneForOneStrategy;
import akka.actor.PoisonPill;
import akka.actor.Props;
import akka.actor.ReceiveTimeout;
import akka.actor.SupervisorStrategy;
import akka.actor.Terminated;
import akka.japi.pf.DeciderBuilder;
import com.typesafe.config.ConfigFactory;
import java.time.Duration;
import java.util.Optional;
import java.util.Random;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;

/**
 * Death watch, receive timeouts and a stash that lives through restarts. A lobby lets twelve
 * players in through a gate. The gate stashes whoever comes while it is closed; a player may jam
 * it, which makes it fail, and the lobby restarts it: its stash goes back to its mailbox across
 * the restart, and in {@code postRestart} it {@code become}s "recovering", stashing again until a
 * receive timeout says things calmed down. Players play ping-pong in pairs, watch their partner,
 * and leave when they are bored (their own receive timeout) or, half of the time, when their
 * partner left ({@code Terminated}). The lobby watches everyone; when the last player has left it
 * stops the gate, and when the gate is gone the program ends.
 *
 * <p>What races: the players' arrivals at the gate, the jams with the gate opening, the timeouts
 * with the pings, the partners' deaths with everything else.
 */
public final class DeathWatchAndStash {
    private DeathWatchAndStash() {}

    static final int PLAYERS = 12;

    record Start(ActorRef partner, ActorRef gate, boolean serves) {}

    record Enter(ActorRef player) {}

    record Jam(ActorRef player) {}

    record Ping(int n) {}

    static final String OPEN = "open";
    static final String WELCOME = "welcome";

    static final CompletableFuture<Void> done = new CompletableFuture<>();

    /** Stashes arrivals while closed or recovering, lets them in while open, fails when jammed. */
    static final class Gate extends AbstractActorWithStash {
        private final ActorRef console;
        private int waiting;
        private int entries;

        Gate(ActorRef console) {
            this.console = console;
        }

        @Override
        public Receive createReceive() {
            return receiveBuilder()
                    .matchEquals(OPEN, m -> open("opens"))
                    .match(Jam.class, this::jammed)
                    .matchAny(this::hold)
                    .build();
        }

        private void open(String how) {
            console.tell("gate " + how + ", letting in " + waiting + " waiting", getSelf());
            waiting = 0;
            unstashAll();
            getContext()
                    .become(receiveBuilder()
                            .match(Enter.class, e -> {
                                entries++;
                                console.tell(
                                        "gate: " + e.player().path().name() + " enters (entry " + entries
                                                + " since the gate started)",
                                        getSelf());
                                e.player().tell(WELCOME, getSelf());
                            })
                            .match(Jam.class, this::jammed)
                            .build());
        }

        private void hold(Object m) {
            waiting++;
            stash();
        }

        private void jammed(Jam jam) {
            throw new IllegalStateException("jammed by " + jam.player().path().name());
        }

        @Override
        public void preRestart(Throwable reason, Optional<Object> message) throws Exception {
            console.tell("gate: restarting with " + waiting + " waiting in its stash", getSelf());
            super.preRestart(reason, message); // puts the stash back in the mailbox
        }

        @Override
        public void postRestart(Throwable reason) throws Exception {
            super.postRestart(reason);
            console.tell("gate: back after '" + reason.getMessage() + "', recovering", getSelf());
            getContext().setReceiveTimeout(Duration.ofMillis(15));
            getContext()
                    .become(receiveBuilder()
                            .match(ReceiveTimeout.class, t -> {
                                getContext().cancelReceiveTimeout();
                                open("recovered");
                            })
                            .matchAny(this::hold)
                            .build());
        }
    }

    /** Plays ping-pong with its partner until bored, watching it. */
    static final class Player extends AbstractActor {
        private final ActorRef console;
        private final Random random = new Random();
        private ActorRef partner;
        private ActorRef gate;
        private int pings;

        Player(ActorRef console) {
            this.console = console;
        }

        private String name() {
            return getSelf().path().name();
        }

        private void visit() {
            gate.tell(random.nextInt(5) == 0 ? new Jam(getSelf()) : new Enter(getSelf()), getSelf());
        }

        @Override
        public Receive createReceive() {
            return receiveBuilder()
                    .match(Start.class, s -> {
                        partner = s.partner();
                        gate = s.gate();
                        getContext().watch(partner);
                        visit();
                        if (s.serves()) {
                            partner.tell(new Ping(1), getSelf());
                        }
                        getContext().setReceiveTimeout(Duration.ofMillis(10 + random.nextInt(30)));
                    })
                    .match(Ping.class, p -> {
                        Console.jitter(random);
                        pings++;
                        if (p.n() < 10 + random.nextInt(30)) {
                            getSender().tell(new Ping(p.n() + 1), getSelf());
                        }
                    })
                    .matchEquals(WELCOME, w -> {
                        if (random.nextInt(3) == 0) {
                            visit(); // again
                        }
                    })
                    .match(ReceiveTimeout.class, t -> {
                        console.tell(name() + " is bored after " + pings + " pings and leaves", getSelf());
                        getContext().stop(getSelf());
                    })
                    .match(Terminated.class, t -> {
                        boolean leave = random.nextBoolean();
                        console.tell(
                                name() + " saw " + t.actor().path().name() + " leave"
                                        + (leave ? " and leaves too" : ""),
                                getSelf());
                        if (leave) {
                            getContext().stop(getSelf());
                        }
                    })
                    .build();
        }
    }

    /** Watches the players and the gate, restarts the gate when it fails. */
    static final class Lobby extends AbstractActor {
        private final ActorRef console;
        private ActorRef gate;
        private int left;
        private int gateFailures;

        Lobby(ActorRef console) {
            this.console = console;
        }

        @Override
        public SupervisorStrategy supervisorStrategy() {
            return new OneForOneStrategy(
                    -1,
                    scala.concurrent.duration.Duration.Inf(),
                    false,
                    DeciderBuilder.match(IllegalStateException.class, e -> {
                                gateFailures++;
                                console.tell(
                                        "lobby: gate failure " + gateFailures + " (" + e.getMessage() + "), restart",
                                        getSelf());
                                return SupervisorStrategy.restart();
                            })
                            .build());
        }

        @Override
        public void preStart() {
            gate = getContext().watch(getContext().actorOf(Props.create(Gate.class, () -> new Gate(console)), "gate"));
            ActorRef[] players = new ActorRef[PLAYERS];
            for (int i = 0; i < PLAYERS; i++) {
                players[i] = getContext()
                        .watch(getContext()
                                .actorOf(Props.create(Player.class, () -> new Player(console)), "player-" + i));
            }
            for (int i = 0; i < PLAYERS; i++) {
                players[i].tell(new Start(players[i ^ 1], gate, i % 2 == 0), getSelf());
            }
            getContext()
                    .getSystem()
                    .scheduler()
                    .scheduleOnce(
                            Duration.ofMillis(20), gate, OPEN, getContext().getDispatcher(), getSelf());
        }

        @Override
        public Receive createReceive() {
            return receiveBuilder()
                    .match(Terminated.class, t -> t.actor().equals(gate), t -> {
                        console.tell("lobby: the gate is gone after " + gateFailures + " failures", getSelf());
                        done.complete(null);
                    })
                    .match(Terminated.class, t -> {
                        left++;
                        console.tell(
                                "lobby: " + t.actor().path().name() + " left (" + left + " of " + PLAYERS + ")",
                                getSelf());
                        if (left == PLAYERS) {
                            gate.tell(PoisonPill.getInstance(), getSelf());
                        }
                    })
                    .build();
        }
    }

    public static void main(String[] args) throws Exception {
        ActorSystem system = ActorSystem.create("lobby", ConfigFactory.parseString("akka.loglevel = WARNING"));
        ActorRef console = system.actorOf(Console.props(), "console");
        system.actorOf(Props.create(Lobby.class, () -> new Lobby(console)), "lobby");
        done.get(30, TimeUnit.SECONDS);
        system.terminate();
        system.getWhenTerminated().toCompletableFuture().get(30, TimeUnit.SECONDS);
        System.out.println("the lobby is closed");
    }
}
