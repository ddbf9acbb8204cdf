package dev.reprise.programs;

import akka.actor.AbstractActor;
import akka.actor.ActorRef;
import akka.actor.ActorSystem;
import akka.actor.Props;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;

/**
 * A small Akka program that uses only what Akka 2.5 and 2.6 share, for UnsupportedAkkaIT: the
 * main thread sends a greeter three names, the greeter answers each to a printer, which prints
 * them in order with the Akka version it runs on. Its output is the same every run.
 */
public final class GreeterProgram {
    static final int NAMES = 3;
    static final CompletableFuture<Void> done = new CompletableFuture<>();

    private GreeterProgram() {}

    static final class Greeter extends AbstractActor {
        final ActorRef printer;

        Greeter(ActorRef printer) {
            this.printer = printer;
        }

        @Override
        public Receive createReceive() {
            return receiveBuilder()
                    .match(String.class, name -> printer.tell("hello " + name, getSelf()))
                    .build();
        }
    }

    static final class Printer extends AbstractActor {
        int printed;

        @Override
        public Receive createReceive() {
            return receiveBuilder()
                    .match(String.class, line -> {
                        System.out.println(line);
                        if (++printed == NAMES) {
                            done.complete(null);
                        }
                    })
                    .build();
        }
    }

    public static void main(String[] args) throws Exception {
        ActorSystem system = ActorSystem.create("greeter");
        System.out.println("akka " + akka.Version.current());
        ActorRef printer = system.actorOf(Props.create(Printer.class), "printer");
        ActorRef greeter = system.actorOf(Props.create(Greeter.class, printer), "greeter");
        for (int i = 1; i <= NAMES; i++) {
            greeter.tell("name" + i, ActorRef.noSender());
        }
        done.get(30, TimeUnit.SECONDS);
        system.terminate();
        system.getWhenTerminated().toCompletableFuture().get(30, TimeUnit.SECONDS);
        System.out.println("done");
    }
}
