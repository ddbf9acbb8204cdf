package dev.reprise.programs;

import akka.actor.AbstractActor;
import akka.actor.ActorRef;
import akka.actor.ActorSystem;
import akka.actor.Props;
import com.typesafe.config.ConfigFactory;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.TimeUnit;

/**
 * A program that pauses between two bursts of work, as a service idles between requests: in each
 * of two rounds, two workers race to tell a printer their lines; between the rounds {@code main}
 * sleeps for the time its argument gives (milliseconds). The printer prints every line, in the
 * order they come; once it has all, {@code main} terminates the system. Replayed with a quiet time
 * shorter than the pause, the replay waits for {@code main}: nothing waits for a recorded message
 * that cannot come.
 */
public final class PausingProgram {
    static final int WORKERS = 2;
    static final int LINES_EACH = 5;
    static final int ROUNDS = 2;

    static final CompletableFuture<Integer> printed = new CompletableFuture<>();

    private PausingProgram() {}

    static final class Printer extends AbstractActor {
        private int lines;

        @Override
        public Receive createReceive() {
            return receiveBuilder()
                    .match(String.class, line -> {
                        System.out.println(line);
                        if (++lines == ROUNDS * WORKERS * LINES_EACH) {
                            printed.complete(lines);
                        }
                    })
                    .build();
        }
    }

    static final class Worker extends AbstractActor {
        private final ActorRef printer;

        Worker(ActorRef printer) {
            this.printer = printer;
        }

        @Override
        public void preStart() throws InterruptedException {
            for (int i = 0; i < LINES_EACH; i++) {
                Thread.sleep(ThreadLocalRandom.current().nextInt(3));
                printer.tell(getSelf().path().name() + " line " + i, getSelf());
            }
        }

        @Override
        public Receive createReceive() {
            return receiveBuilder().build();
        }
    }

    public static void main(String[] args) throws Exception {
        long pauseMillis = Long.parseLong(args[0]);
        ActorSystem system = ActorSystem.create(
                "pausing", ConfigFactory.parseString("akka.loglevel = WARNING").withFallback(ConfigFactory.load()));
        ActorRef printer = system.actorOf(Props.create(Printer.class, Printer::new), "printer");
        for (int round = 1; round <= ROUNDS; round++) {
            if (round > 1) {
                Thread.sleep(pauseMillis); // idle, as a service between two requests
            }
            for (int w = 0; w < WORKERS; w++) {
                system.actorOf(Props.create(Worker.class, () -> new Worker(printer)), "round" + round + "-worker" + w);
            }
        }
        printed.get(60, TimeUnit.SECONDS);
        system.terminate();
        system.getWhenTerminated().toCompletableFuture().get(30, TimeUnit.SECONDS);
    }
}
