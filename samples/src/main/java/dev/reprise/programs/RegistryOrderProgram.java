package dev.reprise.programs;

import akka.actor.AbstractActor;
import akka.actor.ActorRef;
import akka.actor.ActorSystem;
import akka.actor.Props;
import java.util.HashSet;
import java.util.Set;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.LockSupport;

/**
 * A seeded bug for {@code reprise hunt}, an order-dependent check (classic actors, plain tells):
 * {@value #PAIRS} workers register with a registry as they start, and a client for each looks its
 * worker up after a short pause ({@code -Dregistry.pauseMicros}, default 2000). The registration
 * nearly always comes first; when a worker's start is late, the registry meets a lookup of a name
 * it does not know, answers "missing" and throws: an uncaught error in an actor, which Akka logs
 * and {@code hunt} counts as a failure. The run itself ends normally, with exit status 0. A pair
 * that never races goes first, so that the JVM has loaded and compiled what the others run.
 */
public final class RegistryOrderProgram {
    static final int PAIRS = 4;
    static final long PAUSE_NANOS = TimeUnit.MICROSECONDS.toNanos(Long.getLong("registry.pauseMicros", 2000));
    /** The warm-up pair's pause: long enough that it never races, so the pairs that race meet a warm JVM. */
    static final long WARM_UP_NANOS = TimeUnit.MILLISECONDS.toNanos(50);

    static final CountDownLatch answered = new CountDownLatch(PAIRS);

    private RegistryOrderProgram() {}

    record Register(String name) {}

    record Lookup(String name) {}

    record Found(String name, boolean known) {}

    /** Knows the workers that registered; a lookup of one it does not know is a bug. */
    static final class Registry extends AbstractActor {
        final Set<String> names = new HashSet<>();

        @Override
        public Receive createReceive() {
            return receiveBuilder()
                    .match(Register.class, r -> names.add(r.name()))
                    .match(Lookup.class, l -> {
                        boolean known = names.contains(l.name());
                        getSender().tell(new Found(l.name(), known), getSelf());
                        if (!known) {
                            throw new IllegalStateException(l.name() + " was looked up before it registered");
                        }
                    })
                    .build();
        }
    }

    /** Registers as it starts. */
    static final class Worker extends AbstractActor {
        final ActorRef registry;

        Worker(ActorRef registry) {
            this.registry = registry;
        }

        @Override
        public void preStart() {
            registry.tell(new Register(getSelf().path().name()), getSelf());
        }

        @Override
        public Receive createReceive() {
            return receiveBuilder().build();
        }
    }

    /** Looks its worker up a moment after it is told to start. */
    static final class Client extends AbstractActor {
        final ActorRef registry;
        final String worker;
        final long pauseNanos;
        final CountDownLatch answered;

        Client(ActorRef registry, String worker, long pauseNanos, CountDownLatch answered) {
            this.registry = registry;
            this.worker = worker;
            this.pauseNanos = pauseNanos;
            this.answered = answered;
        }

        @Override
        public Receive createReceive() {
            return receiveBuilder()
                    .matchEquals("start", s -> {
                        LockSupport.parkNanos(pauseNanos);
                        registry.tell(new Lookup(worker), getSelf());
                    })
                    .match(Found.class, f -> {
                        System.out.println(f.name() + (f.known() ? " found" : " missing"));
                        answered.countDown();
                    })
                    .build();
        }
    }

    /** A worker, and a client that looks it up {@code pauseNanos} after it is told to start. */
    static void startPair(
            ActorSystem system, ActorRef registry, String name, long pauseNanos, CountDownLatch answered) {
        String worker = "worker-" + name;
        system.actorOf(Props.create(Worker.class, () -> new Worker(registry)), worker);
        system.actorOf(
                        Props.create(Client.class, () -> new Client(registry, worker, pauseNanos, answered)),
                        "client-" + name)
                .tell("start", ActorRef.noSender());
    }

    public static void main(String[] args) throws InterruptedException {
        ActorSystem system = ActorSystem.create("registry", ProgramConfig.config(false));
        ActorRef registry = system.actorOf(Props.create(Registry.class, Registry::new), "registry");
        CountDownLatch warmedUp = new CountDownLatch(1);
        startPair(system, registry, "warm-up", WARM_UP_NANOS, warmedUp);
        warmedUp.await();
        for (int i = 0; i < PAIRS; i++) {
            startPair(system, registry, String.valueOf(i), PAUSE_NANOS, answered);
        }
        answered.await();
        system.terminate();
        system.getWhenTerminated().toCompletableFuture().join();
    }
}
