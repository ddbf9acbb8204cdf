package dev.reprise.programs;

import akka.actor.typed.ActorRef;
import akka.actor.typed.ActorSystem;
import akka.actor.typed.Behavior;
import akka.actor.typed.Terminated;
import akka.actor.typed.javadsl.Behaviors;
import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import scala.concurrent.Future;
import scala.jdk.javaapi.FutureConverters;

/**
 * A typed actor pipes results it made itself back to itself, as Akka's Java DSL does when an ask
 * fails at once: for each of {@value #REQUESTS} requests from {@code main}, an odd one asks a child
 * that it has stopped ({@code context.ask} fails in the turn), an even one pipes {@code
 * Future.successful(n)} converted to a Java stage. Scala's converted stage runs even a complete
 * stage's callback on another thread, so the piped messages come back in racy order; the actor
 * prints them as they come and ends the system after the last.
 */
public final class SelfMadeResultsProgram {
    static final int REQUESTS = 40;

    interface Command {}

    record Request(int n) implements Command {}

    record Piped(int n, String how) implements Command {}

    static Behavior<Command> guardian(CompletableFuture<Void> ready) {
        return Behaviors.setup(context -> {
            ActorRef<String> gone = context.spawn(Behaviors.receiveMessage(stop -> Behaviors.stopped()), "gone");
            context.watch(gone);
            gone.tell("stop"); // after the watch: one death notification (stopped at once, it could race the watch)
            int[] piped = {0};
            return Behaviors.receive(Command.class)
                    .onSignal(Terminated.class, t -> {
                        ready.complete(null);
                        return Behaviors.same();
                    })
                    .onMessage(Request.class, r -> {
                        if (r.n() % 2 == 1) {
                            context.ask(
                                    Object.class,
                                    gone,
                                    Duration.ofSeconds(5),
                                    replyTo -> "ping",
                                    (answer, failure) -> new Piped(r.n(), failure != null ? "failed" : "answered"));
                        } else {
                            context.pipeToSelf(
                                    FutureConverters.asJava(Future.successful(r.n())),
                                    (value, failure) -> new Piped(value, "made"));
                        }
                        return Behaviors.same();
                    })
                    .onMessage(Piped.class, p -> {
                        System.out.println("piped " + p.n() + " " + p.how());
                        if (++piped[0] == REQUESTS) {
                            context.getSystem().terminate();
                        }
                        return Behaviors.same();
                    })
                    .build();
        });
    }

    public static void main(String[] args) throws Exception {
        CompletableFuture<Void> ready = new CompletableFuture<>();
        ActorSystem<Command> system =
                ActorSystem.create(guardian(ready), "self-made-results", ProgramConfig.config(false));
        ready.get(30, TimeUnit.SECONDS); // the child has stopped: every ask of it fails at once
        for (int n = 1; n <= REQUESTS; n++) {
            system.tell(new Request(n));
        }
        system.getWhenTerminated().toCompletableFuture().get(60, TimeUnit.SECONDS);
    }
}
