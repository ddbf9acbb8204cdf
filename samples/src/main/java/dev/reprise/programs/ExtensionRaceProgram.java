package dev.reprise.programs;

import akka.actor.AbstractActor;
import akka.actor.AbstractExtensionId;
import akka.actor.ActorRef;
import akka.actor.ActorSystem;
import akka.actor.ExtendedActorSystem;
import akka.actor.Extension;
import akka.actor.Props;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.TimeUnit;

/**
 * An Akka extension made on first use, as Akka Persistence makes its journal: the extension makes
 * a named {@code /system} actor ("/system/registry") when it is first asked for, and {@value
 * #WORKERS} workers ask for it in their first turn at the same time, so whichever worker gets there
 * first makes it. Each worker then registers a few random numbers; the registry prints them in the
 * order they come and the total, once all are in.
 */
public final class ExtensionRaceProgram {
    static final int WORKERS = 3;
    static final int NUMBERS_EACH = 3;
    static final CompletableFuture<Void> done = new CompletableFuture<>();

    private ExtensionRaceProgram() {}

    /** The extension: its actor is made when the extension is, on first use. */
    public static final class Registry implements Extension {
        final ActorRef actor;

        Registry(ExtendedActorSystem system) {
            actor = system.systemActorOf(Props.create(RegistryActor.class, RegistryActor::new), "registry");
        }
    }

    public static final class RegistryId extends AbstractExtensionId<Registry> {
        static final RegistryId ID = new RegistryId();

        @Override
        public Registry createExtension(ExtendedActorSystem system) {
            return new Registry(system);
        }
    }

    static final class RegistryActor extends AbstractActor {
        private final List<String> entries = new ArrayList<>();
        private long total;

        @Override
        public Receive createReceive() {
            return receiveBuilder()
                    .match(String.class, entry -> {
                        entries.add(entry);
                        total += Long.parseLong(entry.substring(entry.indexOf('=') + 1));
                        System.out.println("registered " + entry);
                        if (entries.size() == WORKERS * NUMBERS_EACH) {
                            System.out.println("total " + total);
                            done.complete(null);
                        }
                    })
                    .build();
        }
    }

    static final class Worker extends AbstractActor {
        @Override
        public Receive createReceive() {
            return receiveBuilder()
                    .matchEquals("go", go -> {
                        ActorRef registry = RegistryId.ID.get(getContext().getSystem()).actor;
                        for (int i = 0; i < NUMBERS_EACH; i++) {
                            int n = ThreadLocalRandom.current().nextInt(100);
                            registry.tell(getSelf().path().name() + "=" + n, getSelf());
                        }
                    })
                    .build();
        }
    }

    public static void main(String[] args) throws Exception {
        ActorSystem system = ActorSystem.create("extension-race", ProgramConfig.config(false));
        List<ActorRef> workers = new ArrayList<>();
        for (int i = 0; i < WORKERS; i++) {
            workers.add(system.actorOf(Props.create(Worker.class, Worker::new), "w" + i));
        }
        workers.forEach(w -> w.tell("go", ActorRef.noSender()));
        done.get(30, TimeUnit.SECONDS);
        system.terminate();
        system.getWhenTerminated().toCompletableFuture().get(30, TimeUnit.SECONDS);
    }
}
