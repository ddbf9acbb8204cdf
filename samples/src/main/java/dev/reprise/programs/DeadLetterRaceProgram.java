package dev.reprise.programs;

import akka.actor.ActorRef;
import akka.actor.ActorSystem;
import akka.actor.Props;
import akka.actor.ReceiveTimeout;
import akka.actor.UntypedAbstractActor;
import akka.event.Logging;
import com.typesafe.config.ConfigFactory;
import java.time.Duration;
import java.util.concurrent.ThreadLocalRandom;

/**
 * Dead letters that race: two feeders send to three victims, each of which stops itself after a
 * random number of messages and forwards some of what it gets to the next victim. A letter reaches
 * Akka's dead-letter listener from its sender (the victim was dead) or from the victim's mailbox as
 * it stops, so the listener's "dead letters encountered" lines, which Akka logs by default, come in
 * a racy order. A tally counts them from the event stream and, once every letter is logged (or,
 * since Akka may lose a letter sent just as its victim stops, after a quiet while), ends the run
 * by terminating the actor system; {@code main} waits for that and prints the counts.
 * {@code -Dletters.victimSleep=MS} makes each victim's turn slower (a replay on a slower machine).
 */
public final class DeadLetterRaceProgram {
    static final int VICTIMS = 3;
    static final int FEEDERS = 2;
    static final int TICKS = 30;
    /** The tally's counts, for {@code main} to print once the system is down (actors' lines would race the log's). */
    static volatile String summary = "none";

    private DeadLetterRaceProgram() {}

    /** Counts what was sent, handled and logged as dead; terminates the system when they add up. */
    static final class Tally extends UntypedAbstractActor {
        int feedersDone;
        int victimsStopped;
        long sent;
        long handled;
        long logged;
        boolean ending;

        @Override
        public void onReceive(Object m) {
            if (m instanceof Logging.Info info && String.valueOf(info.message()).contains("dead letters encountered")) {
                logged++;
            } else if (m instanceof long[] feederSent) {
                feedersDone++;
                sent += feederSent[0];
            } else if (m instanceof int[] victim) {
                victimsStopped++;
                handled += victim[0];
                sent += victim[1];
            }
            boolean allDone = feedersDone == FEEDERS && victimsStopped == VICTIMS;
            if (allDone && !ending) {
                // Akka may lose a letter sent just as its victim stops (delivery to a stopping actor is
                // not guaranteed): then no line comes for it, and a quiet while ends the run instead.
                getContext().setReceiveTimeout(Duration.ofSeconds(2));
            }
            if (!ending && allDone && (logged == sent - handled || m instanceof ReceiveTimeout)) {
                ending = true;
                summary = "sent " + sent + ", handled " + handled + ", dead " + logged;
                ActorSystem system = getContext().getSystem();
                // The logger prints the last letter's line as the tally counts it: give it time to.
                system.scheduler()
                        .scheduleOnce(
                                Duration.ofMillis(300),
                                system::terminate,
                                getContext().getDispatcher());
            }
        }
    }

    /** Stops itself after a random number of messages; forwards some to the next victim. */
    static final class Victim extends UntypedAbstractActor {
        final ActorRef tally;
        final int limit = 5 + ThreadLocalRandom.current().nextInt(40);
        final long sleep = Long.getLong("letters.victimSleep", 0);
        ActorRef next;
        int handled;
        int forwarded;

        Victim(ActorRef tally) {
            this.tally = tally;
        }

        @Override
        public void onReceive(Object m) throws Exception {
            if (m instanceof ActorRef ref) {
                next = ref;
                return;
            }
            handled++;
            if (sleep > 0) {
                Thread.sleep(sleep);
            }
            if (next != null && ThreadLocalRandom.current().nextInt(3) == 0) {
                next.tell(m, getSelf());
                forwarded++;
            }
            if (handled == limit) {
                getContext().stop(getSelf());
            }
        }

        @Override
        public void postStop() {
            tally.tell(new int[] {handled, forwarded}, ActorRef.noSender());
        }
    }

    /** Sends one message to each victim per tick, with a random spin between them. */
    static final class Feeder extends UntypedAbstractActor {
        final ActorRef tally;
        final ActorRef[] victims;
        int ticks;
        long sent;

        Feeder(ActorRef tally, ActorRef[] victims) {
            this.tally = tally;
            this.victims = victims;
        }

        @Override
        public void preStart() {
            getSelf().tell("tick", getSelf());
        }

        @Override
        public void onReceive(Object m) {
            for (ActorRef v : victims) {
                long spin = ThreadLocalRandom.current().nextLong(20_000); // schedule perturbation, recorded
                for (long i = 0; i < spin; i++) {
                    Thread.onSpinWait();
                }
                v.tell(ticks, getSelf());
                sent++;
            }
            if (++ticks < TICKS) {
                getSelf().tell("tick", getSelf());
            } else {
                tally.tell(new long[] {sent}, getSelf());
            }
        }
    }

    public static void main(String[] args) {
        ActorSystem system = ActorSystem.create(
                "letters",
                ConfigFactory.parseString("akka.loglevel = INFO\nakka.log-dead-letters = 10000\n"
                                + "akka.coordinated-shutdown.run-by-jvm-shutdown-hook = off\n")
                        .withFallback(ConfigFactory.load()));
        ActorRef tally = system.actorOf(Props.create(Tally.class, Tally::new), "tally");
        // Before any letter: a subscription made in the tally's preStart could come after the first.
        system.getEventStream().subscribe(tally, Logging.Info.class);
        ActorRef[] victims = new ActorRef[VICTIMS];
        for (int i = 0; i < VICTIMS; i++) {
            victims[i] = system.actorOf(Props.create(Victim.class, () -> new Victim(tally)), "victim" + i);
        }
        for (int i = 0; i < VICTIMS; i++) {
            victims[i].tell(victims[(i + 1) % VICTIMS], ActorRef.noSender());
        }
        for (int i = 0; i < FEEDERS; i++) {
            system.actorOf(Props.create(Feeder.class, () -> new Feeder(tally, victims)), "feeder" + i);
        }
        system.getWhenTerminated().toCompletableFuture().join();
        System.out.println("terminated: " + summary);
    }
}
