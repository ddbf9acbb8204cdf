package dev.reprise.programs;

import akka.actor.AbstractActor;
import akka.actor.ActorRef;
import akka.actor.ActorSystem;
import akka.actor.OneForOneStrategy;
import akka.actor.Props;
import akka.actor.SupervisorStrategy;
import akka.japi.pf.DeciderBuilder;
import akka.pattern.Patterns;
import java.time.Duration;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.LockSupport;

/**
 * A seeded bug for {@code reprise hunt}, a restart racing a message (supervision, and {@code main}
 * asking): a session fetches its token from a vault as it starts, and again after each restart. In
 * each of {@value #ROUNDS} rounds {@code main} makes it crash (its supervisor restarts it, on
 * purpose), waits a moment ({@code -Drestart.pauseMicros}, default 1000) and asks it to use its
 * token. The token is nearly always back by then; when the restart is late, the session is used
 * without one. {@code main} then exits with status 1. Every run has actors' errors (the crashes),
 * so {@code hunt} must be told they are part of the program: {@code --allow-actor-failures}. A
 * round that never races goes first (it waits for the token), so that the JVM has loaded and
 * compiled what the others run.
 */
public final class RestartRaceProgram {
    /** Rounds after the warm-up: crashes, and so actors' errors, in a run besides the warm-up's one. */
    public static final int ROUNDS = 5;

    static final long PAUSE_NANOS = TimeUnit.MICROSECONDS.toNanos(Long.getLong("restart.pauseMicros", 1000));

    private RestartRaceProgram() {}

    record Token(int number) {}

    /** Hands out a new token on each fetch. */
    static final class Vault extends AbstractActor {
        int issued;

        @Override
        public Receive createReceive() {
            return receiveBuilder()
                    .matchEquals("fetch", f -> getSender().tell(new Token(++issued), getSelf()))
                    .build();
        }
    }

    /** Fetches its token as it starts; crashes when told to; answers whether it had a token to use. */
    static final class Session extends AbstractActor {
        final ActorRef vault;
        Token token;

        Session(ActorRef vault) {
            this.vault = vault;
        }

        @Override
        public void preStart() {
            vault.tell("fetch", getSelf());
        }

        @Override
        public Receive createReceive() {
            return receiveBuilder()
                    .match(Token.class, t -> token = t)
                    .matchEquals("crash", c -> {
                        throw new IllegalStateException("the session crashes on purpose");
                    })
                    .matchEquals("use", u -> getSender().tell(token != null, getSelf()))
                    .build();
        }
    }

    /** Restarts its session whenever it fails, quietly, and passes it what it gets. */
    static final class Supervisor extends AbstractActor {
        final ActorRef session;

        Supervisor(ActorRef vault) {
            session = getContext().actorOf(Props.create(Session.class, () -> new Session(vault)), "session");
        }

        @Override
        public SupervisorStrategy supervisorStrategy() {
            return new OneForOneStrategy(
                    -1,
                    scala.concurrent.duration.Duration.Inf(),
                    false,
                    DeciderBuilder.matchAny(e -> SupervisorStrategy.restart()).build());
        }

        @Override
        public Receive createReceive() {
            return receiveBuilder()
                    .matchAny(m -> session.forward(m, getContext()))
                    .build();
        }
    }

    /** Whether the session had a token to use. */
    static boolean use(ActorRef supervisor) throws Exception {
        return (Boolean) Patterns.ask(supervisor, "use", Duration.ofSeconds(5))
                .toCompletableFuture()
                .get();
    }

    public static void main(String[] args) throws Exception {
        ActorSystem system = ActorSystem.create("sessions", ProgramConfig.config(false));
        ActorRef vault = system.actorOf(Props.create(Vault.class, Vault::new), "vault");
        ActorRef supervisor = system.actorOf(Props.create(Supervisor.class, () -> new Supervisor(vault)), "supervisor");
        supervisor.tell("crash", ActorRef.noSender()); // the warm-up: asks until the token is back
        while (!use(supervisor)) {
            LockSupport.parkNanos(PAUSE_NANOS);
        }
        int usedWithoutToken = 0;
        for (int round = 1; round <= ROUNDS; round++) {
            supervisor.tell("crash", ActorRef.noSender());
            LockSupport.parkNanos(PAUSE_NANOS);
            if (!use(supervisor)) {
                usedWithoutToken++;
                System.out.println("round " + round + ": the session was used before its token came back");
            }
        }
        System.out.println(ROUNDS + " rounds, " + usedWithoutToken + " uses without a token");
        system.terminate();
        system.getWhenTerminated().toCompletableFuture().join();
        System.exit(usedWithoutToken == 0 ? 0 : 1);
    }
}
