package dev.reprise.samples;

import static akka.http.javadsl.server.PathMatchers.segment;

import akka.actor.AbstractActor;
import akka.actor.ActorRef;
import akka.actor.ActorSystem;
import akka.actor.Props;
import akka.http.javadsl.Http;
import akka.http.javadsl.ServerBinding;
import akka.http.javadsl.model.ContentTypes;
import akka.http.javadsl.model.HttpEntities;
import akka.http.javadsl.server.AllDirectives;
import akka.http.javadsl.server.Route;
import akka.pattern.Patterns;
import akka.stream.javadsl.Source;
import akka.util.ByteString;
import com.typesafe.config.ConfigFactory;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.TreeMap;
import java.util.concurrent.CompletionStage;

/**
 * An Akka HTTP 10.2 server written with its Java routing DSL, as a service is: routes that ask an
 * actor, a streamed (chunked) response, and a stop route. {@code POST /count/NAME} adds one to a
 * counter held by a classic actor, which prints each change (so concurrent clients make the order
 * of its lines differ from run to run); {@code GET /counts} streams every counter, one chunk per
 * line; {@code POST /stop} answers, unbinds and terminates the actor system. It binds to loopback on
 * the port given as its first argument (0: any free port) and writes the bound port to the file
 * given as its second, for its clients.
 */
public final class HttpCounters extends AllDirectives {
    private final ActorRef counters;
    private final ActorSystem system;

    private HttpCounters(ActorSystem system, ActorRef counters) {
        this.system = system;
        this.counters = counters;
    }

    /** Increments a named counter by one, or lists them all. */
    record Increment(String name) {}

    record Listing() {}

    static final class Counters extends AbstractActor {
        private final TreeMap<String, Integer> counts = new TreeMap<>();

        @Override
        public Receive createReceive() {
            return receiveBuilder()
                    .match(Increment.class, i -> {
                        int n = counts.merge(i.name(), 1, Integer::sum);
                        System.out.println("counter " + i.name() + " = " + n);
                        getSender().tell(n, getSelf());
                    })
                    .match(Listing.class, l -> getSender().tell(new ArrayList<>(counts.entrySet()), getSelf()))
                    .build();
        }
    }

    private Route routes(CompletionStage<ServerBinding> binding) {
        return concat(
                path(
                        segment("count").slash(segment()),
                        name -> post(() -> completeOKWithFutureString(
                                Patterns.ask(counters, new Increment(name), Duration.ofSeconds(10))
                                        .thenApply(n -> name + "=" + n + "\n")))),
                path(
                        "counts",
                        () -> get(() -> onSuccess(
                                Patterns.ask(counters, new Listing(), Duration.ofSeconds(10)),
                                entries -> complete(HttpEntities.createChunked(
                                        ContentTypes.TEXT_PLAIN_UTF8,
                                        Source.from(lines(entries)).map(ByteString::fromString)))))),
                path(
                        "stop",
                        () -> post(() -> {
                            // A moment later: unbinding at once could close this connection before its response is out.
                            system.scheduler()
                                    .scheduleOnce(
                                            Duration.ofMillis(200),
                                            () -> binding.thenCompose(ServerBinding::unbind)
                                                    .thenAccept(done -> system.terminate()),
                                            system.dispatcher());
                            return complete("bye\n");
                        })));
    }

    private static List<String> lines(Object entries) {
        List<String> lines = new ArrayList<>();
        for (Object e : (List<?>) entries) {
            lines.add(e + "\n");
        }
        return lines;
    }

    public static void main(String[] args) throws Exception {
        int port = Integer.parseInt(args[0]);
        ActorSystem system = ActorSystem.create(
                "http-counters",
                ConfigFactory.parseString("akka.loglevel = WARNING").withFallback(ConfigFactory.load()));
        ActorRef counters = system.actorOf(Props.create(Counters.class), "counters");
        var server = new HttpCounters(system, counters);
        var binding = new java.util.concurrent.CompletableFuture<ServerBinding>();
        Http.get(system)
                .newServerAt("127.0.0.1", port)
                .bind(server.routes(binding))
                .thenAccept(b -> {
                    binding.complete(b);
                    System.out.println("listening");
                    try {
                        Files.writeString(
                                Path.of(args[1]),
                                Integer.toString(b.localAddress().getPort()));
                    } catch (java.io.IOException e) {
                        System.err.println("cannot write the port: " + e);
                    }
                });
        system.getWhenTerminated().toCompletableFuture().get();
        System.out.println("stopped");
    }
}
