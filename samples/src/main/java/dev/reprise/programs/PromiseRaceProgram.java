package dev.reprise.programs;

import akka.actor.AbstractActor;
import akka.actor.ActorRef;
import akka.actor.ActorSystem;
import akka.actor.Props;
import akka.pattern.Patterns;
import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;

/**
 * The promise race: a server asks two workers and, when each answer arrives, a message goes to a
 * shared resource (once through the Java CompletionStage API, once through Scala futures). The
 * resource prints what it got and from where, in order.
 */
public final class PromiseRaceProgram {
    static final CompletableFuture<Void> done = new CompletableFuture<>();

    static final class Worker extends AbstractActor {
        @Override
        public Receive createReceive() {
            return receiveBuilder()
                    .match(String.class, q -> {
                        System.out.println("asked by " + getSender().path().name());
                        getSender().tell(q + "@" + getSelf().path().name(), getSelf());
                    })
                    .build();
        }
    }

    static final class Resource extends AbstractActor {
        int received;

        @Override
        public Receive createReceive() {
            return receiveBuilder()
                    .match(String.class, answer -> {
                        System.out.println("resource got " + answer);
                        if (++received == 4) {
                            done.complete(null);
                        }
                    })
                    .build();
        }
    }

    static final class Server extends AbstractActor {
        final ActorRef w1;
        final ActorRef w2;
        final ActorRef resource;

        Server(ActorRef w1, ActorRef w2, ActorRef resource) {
            this.w1 = w1;
            this.w2 = w2;
            this.resource = resource;
        }

        @Override
        public Receive createReceive() {
            return receiveBuilder()
                    .matchEquals("start", m -> {
                        // Java API: CompletionStage piped to the resource.
                        Patterns.pipe(
                                        Patterns.ask(w1, "java", Duration.ofSeconds(10)),
                                        getContext().getDispatcher())
                                .to(resource);
                        Patterns.pipe(
                                        Patterns.ask(w2, "java", Duration.ofSeconds(10)),
                                        getContext().getDispatcher())
                                .to(resource);
                        // Scala futures: map, then pipe.
                        scala.concurrent.Future<Object> f1 =
                                Patterns.ask(w1, "scala", akka.util.Timeout.create(Duration.ofSeconds(10)));
                        scala.concurrent.Future<Object> f2 =
                                Patterns.ask(w2, "scala", akka.util.Timeout.create(Duration.ofSeconds(10)));
                        Patterns.pipe(f1, getContext().getDispatcher()).to(resource);
                        Patterns.pipe(f2, getContext().getDispatcher()).to(resource);
                    })
                    .build();
        }
    }

    public static void main(String[] args) throws Exception {
        ActorSystem system = ActorSystem.create("race", ProgramConfig.config(false));
        ActorRef w1 = system.actorOf(Props.create(Worker.class, Worker::new), "w1");
        ActorRef w2 = system.actorOf(Props.create(Worker.class, Worker::new), "w2");
        ActorRef resource = system.actorOf(Props.create(Resource.class, Resource::new), "resource");
        ActorRef server = system.actorOf(Props.create(Server.class, () -> new Server(w1, w2, resource)), "server");
        for (ActorRef r : new ActorRef[] {w1, w2, resource, server}) {
            System.out.println("uid " + r.path().name() + " " + r.path().uid());
        }
        server.tell("start", ActorRef.noSender());
        done.get(30, TimeUnit.SECONDS);
        system.terminate();
        system.getWhenTerminated().toCompletableFuture().get(30, TimeUnit.SECONDS);
    }
}
