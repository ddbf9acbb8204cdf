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
 * Akka's fault handling sample's pattern: an ask's CompletionStage mapped ({@code thenApply}, once
 * or twice) and piped to another actor. The mapped stage is a plain CompletableFuture, completed on
 * the common pool after the mapping returned, and the pipe's send happens then. Two workers race to
 * answer; the resource prints what it got, in order. Its messages are not serializable by Akka.
 */
public final class MappedStageProgram {
    static final CompletableFuture<Void> done = new CompletableFuture<>();

    /** Not bound to any serializer: sent from outside, it could be recorded by order only. */
    record Mapped(String text) {}

    static final class Worker extends AbstractActor {
        @Override
        public Receive createReceive() {
            return receiveBuilder()
                    .match(String.class, q -> {
                        // Answer once the server has piped all its asks on (in a replay its first turn loads and
                        // instruments classes): a pipe put on a stage that is already complete sends at once, in
                        // the server's turn, a race this program keeps out of the way (see the agent's limits).
                        Thread.sleep(150);
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
                    .match(Mapped.class, m -> {
                        System.out.println("resource got " + m.text());
                        if (++received == 4) {
                            done.complete(null);
                        }
                    })
                    .build();
        }
    }

    static final class Server extends AbstractActor {
        final ActorRef[] workers;
        final ActorRef resource;

        Server(ActorRef resource, ActorRef... workers) {
            this.resource = resource;
            this.workers = workers;
        }

        @Override
        public Receive createReceive() {
            return receiveBuilder()
                    .matchEquals("start", m -> {
                        for (ActorRef w : workers) {
                            Patterns.pipe(
                                            Patterns.ask(w, "once", Duration.ofSeconds(10))
                                                    .thenApply(a -> new Mapped("mapped " + a)),
                                            getContext().getDispatcher())
                                    .to(resource);
                            Patterns.pipe(
                                            Patterns.ask(w, "twice", Duration.ofSeconds(10))
                                                    .thenApply(a -> a + "!")
                                                    .thenApply(a -> new Mapped("mapped " + a)),
                                            getContext().getDispatcher())
                                    .to(resource);
                        }
                    })
                    .build();
        }
    }

    public static void main(String[] args) throws Exception {
        ActorSystem system = ActorSystem.create("mapped", ProgramConfig.config(false));
        ActorRef w1 = system.actorOf(Props.create(Worker.class, Worker::new), "w1");
        ActorRef w2 = system.actorOf(Props.create(Worker.class, Worker::new), "w2");
        ActorRef resource = system.actorOf(Props.create(Resource.class, Resource::new), "resource");
        ActorRef server = system.actorOf(Props.create(Server.class, () -> new Server(resource, w1, w2)), "server");
        for (ActorRef r : new ActorRef[] {w1, w2, resource, server}) {
            System.out.println("uid " + r.path().name() + " " + r.path().uid());
        }
        server.tell("start", ActorRef.noSender());
        done.get(30, TimeUnit.SECONDS);
        system.terminate();
        system.getWhenTerminated().toCompletableFuture().get(30, TimeUnit.SECONDS);
    }
}
