package dev.reprise.programs;

import akka.actor.AbstractActor;
import akka.actor.ActorRef;
import akka.actor.ActorSystem;
import akka.actor.Props;
import com.typesafe.config.ConfigFactory;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;

/**
 * How a recorded program ends: {@code exit} calls System.exit with the actor system running (after
 * 100 echoes, or as many as the second argument says; {@code exit-hooked} with Akka's shutdown
 * hook on);
 * {@code terminate-then-hang} terminates the system and then blocks forever (the test kills it),
 * {@code no-akka} never touches Akka.
 */
public final class EndingsProgram {
    static final class Echo extends AbstractActor {
        @Override
        public Receive createReceive() {
            return receiveBuilder()
                    .match(CompletableFuture.class, f -> f.complete(System.currentTimeMillis()))
                    .build();
        }
    }

    public static void main(String[] args) throws Exception {
        if (args[0].equals("no-akka")) {
            System.out.println("plain " + (System.currentTimeMillis() > 0));
            return;
        }
        // exit-hooked: Akka's own JVM shutdown hook (coordinated shutdown) on, as by default.
        ActorSystem system = ActorSystem.create(
                "endings",
                args[0].equals("exit-hooked")
                        ? ConfigFactory.parseString("akka.loglevel = WARNING").withFallback(ConfigFactory.load())
                        : ProgramConfig.config(false));
        ActorRef echo = system.actorOf(Props.create(Echo.class, Echo::new), "echo");
        int echoes = args.length > 1 ? Integer.parseInt(args[1]) : 100;
        for (int i = 0; i < echoes; i++) {
            CompletableFuture<Object> f = new CompletableFuture<>();
            echo.tell(f, ActorRef.noSender());
            f.get(10, TimeUnit.SECONDS);
        }
        System.out.println("echoed");
        if (args[0].startsWith("exit")) {
            System.exit(0);
        }
        system.terminate();
        system.getWhenTerminated().toCompletableFuture().get(30, TimeUnit.SECONDS);
        System.out.println("terminated");
        System.out.flush();
        Thread.sleep(Long.MAX_VALUE);
    }
}
