package dev.reprise.samples;

import akka.actor.AbstractActor;
import akka.actor.ActorRef;
import akka.actor.ActorSystem;
import akka.actor.Props;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;

/**
 * Outside input that its sender changes after sending it: {@code main} sends a byte array (Akka
 * serializes byte arrays out of the box), waits until the actor has printed it, then overwrites
 * it, and does so for several messages. The actor prints each as it got it; a recording must hold
 * each message as it was sent, whenever the recorder gets to write it.
 */
public final class MutatedInput {
    private MutatedInput() {}

    public static final int MESSAGES = 20;

    /** Prints each byte array it gets as text, then lets {@code main} go on. */
    static final class Printer extends AbstractActor {
        private final CountDownLatch[] printed;
        private int n;

        Printer(CountDownLatch[] printed) {
            this.printed = printed;
        }

        @Override
        public Receive createReceive() {
            return receiveBuilder()
                    .match(byte[].class, b -> {
                        System.out.println("got " + new String(b, StandardCharsets.UTF_8));
                        printed[n++].countDown();
                    })
                    .build();
        }
    }

    public static void main(String[] args) throws Exception {
        ActorSystem system = ActorSystem.create("mutated");
        CountDownLatch[] printed = new CountDownLatch[MESSAGES];
        Arrays.setAll(printed, i -> new CountDownLatch(1));
        ActorRef printer = system.actorOf(Props.create(Printer.class, () -> new Printer(printed)), "printer");
        for (int i = 0; i < MESSAGES; i++) {
            byte[] message = ("message " + i).getBytes(StandardCharsets.UTF_8);
            printer.tell(message, ActorRef.noSender());
            printed[i].await(10, TimeUnit.SECONDS);
            Arrays.fill(message, (byte) '?'); // changed after it was sent (and handled)
        }
        system.terminate();
        system.getWhenTerminated().toCompletableFuture().get(30, TimeUnit.SECONDS);
    }
}
