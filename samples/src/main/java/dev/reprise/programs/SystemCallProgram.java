package dev.reprise.programs;

import akka.actor.AbstractActor;
import akka.actor.ActorRef;
import akka.actor.ActorSystem;
import akka.actor.Props;
import dev.reprise.api.Codec;
import dev.reprise.api.Reprise;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;

/**
 * {@link Reprise#systemCall} outside and inside turns: main creates an actor, then makes a call
 * (outside any turn: made live in both runs, never recorded), then the actor makes three (recorded,
 * replayed). Identity hash codes are what no replay controls, so they stand for a nondeterministic call.
 */
public final class SystemCallProgram {
    private SystemCallProgram() {}

    static final CompletableFuture<Void> done = new CompletableFuture<>();

    static final class Roller extends AbstractActor {
        private int rolls;

        @Override
        public Receive createReceive() {
            return receiveBuilder()
                    .matchEquals("roll", m -> {
                        String value =
                                Reprise.systemCall(() -> Integer.toHexString(new Object().hashCode()), Codec.utf8());
                        System.out.println("roll " + ++rolls + ": " + value);
                        if (rolls == 3) {
                            done.complete(null);
                        }
                    })
                    .build();
        }
    }

    public static void main(String[] args) throws Exception {
        ActorSystem system = ActorSystem.create("calls", ProgramConfig.config(false));
        ActorRef roller = system.actorOf(Props.create(Roller.class, Roller::new), "roller");
        String outside = Reprise.systemCall(() -> Integer.toHexString(new Object().hashCode()), Codec.utf8());
        System.out.println("outside a turn: " + (outside.isEmpty() ? "empty" : "a value"));
        for (int i = 0; i < 3; i++) {
            roller.tell("roll", ActorRef.noSender());
        }
        done.get(30, TimeUnit.SECONDS);
        system.terminate();
        system.getWhenTerminated().toCompletableFuture().get(30, TimeUnit.SECONDS);
    }
}
