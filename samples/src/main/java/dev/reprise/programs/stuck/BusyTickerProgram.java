package dev.reprise.programs.stuck;

import akka.actor.AbstractActorWithTimers;
import akka.actor.ActorSystem;
import akka.actor.Props;
import java.time.Duration;

/**
 * {@link HeldStringsProgram} with a ticker beside it whose timer fires every 10 ms and never stops:
 * replayed with {@code --live} past the end of its recorded ticks, it keeps running live while the
 * sink waits for a greeting that never comes (a replay of a {@code greet} recording run with
 * {@code skip}). The program ends with {@code System.exit} when the sink has its strings, so the
 * ticker's recording ends with a tick, not a stop.
 */
public final class BusyTickerProgram {
    private BusyTickerProgram() {}

    public static void main(String[] args) throws Exception {
        ActorSystem system = ActorSystem.create("ticking");
        system.actorOf(Props.create(Ticker.class, Ticker::new), "ticker");
        Thread.sleep(200); // some ticks recorded before the rest starts
        HeldStringsProgram.start(system, args[0].equals("greet"), true);
    }

    static final class Ticker extends AbstractActorWithTimers {
        @Override
        public void preStart() {
            getTimers().startTimerAtFixedRate("tick", "tick", Duration.ofMillis(10));
        }

        @Override
        public Receive createReceive() {
            return receiveBuilder().matchEquals("tick", m -> {}).build();
        }
    }
}
