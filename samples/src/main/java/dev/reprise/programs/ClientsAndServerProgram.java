package dev.reprise.programs;

import akka.actor.AbstractActor;
import akka.actor.ActorRef;
import akka.actor.ActorSystem;
import akka.actor.Props;
import akka.pattern.Patterns;
import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.TimeUnit;

/**
 * A server and its clients: {@value #CLIENTS} client threads (a server's network threads) each ask
 * the server actor {@value #REQUESTS} times with random content; the server adds them up and prints
 * each request and the total. Argument {@code clients} starts the clients; {@code none} does not,
 * and waits for the server to have handled as many requests (a replay that takes its input from the
 * trace alone).
 */
public final class ClientsAndServerProgram {
    static final int CLIENTS = 2;
    static final int REQUESTS = 20;
    static final CompletableFuture<Void> allHandled = new CompletableFuture<>();

    static final class Server extends AbstractActor {
        long total;
        int handled;

        @Override
        public Receive createReceive() {
            return receiveBuilder()
                    .match(
                            String.class,
                            request -> { // "CLIENT N AMOUNT": a string, which Akka serializes
                                String[] r = request.split(" ");
                                total += Integer.parseInt(r[2]);
                                System.out.println(r[0] + " #" + r[1] + " +" + r[2] + " = " + total);
                                getSender().tell(total, getSelf());
                                if (++handled == CLIENTS * REQUESTS) {
                                    allHandled.complete(null);
                                }
                            })
                    .build();
        }
    }

    public static void main(String[] args) throws Exception {
        ActorSystem system = ActorSystem.create("clients-and-server", ProgramConfig.config(false));
        ActorRef server = system.actorOf(Props.create(Server.class, Server::new), "server");
        if (args[0].equals("clients")) {
            for (int c = 0; c < CLIENTS; c++) {
                String name = "client" + c;
                Thread t = new Thread(
                        () -> {
                            for (int n = 1; n <= REQUESTS; n++) {
                                String r = name + " " + n + " "
                                        + ThreadLocalRandom.current().nextInt(100);
                                Patterns.ask(server, r, Duration.ofSeconds(30))
                                        .toCompletableFuture()
                                        .join();
                                if (ThreadLocalRandom.current().nextInt(4) == 0) {
                                    Thread.onSpinWait(); // schedule perturbation between requests
                                    Thread.yield();
                                }
                            }
                        },
                        name);
                t.start();
            }
        }
        allHandled.get(60, TimeUnit.SECONDS);
        system.terminate();
        system.getWhenTerminated().toCompletableFuture().get(30, TimeUnit.SECONDS);
    }
}
