package dev.reprise.samples;

import akka.actor.AbstractActor;
import akka.actor.ActorRef;
import akka.actor.ActorSystem;
import akka.actor.Props;
import com.typesafe.config.ConfigFactory;
import java.io.Serial;
import java.io.Serializable;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.Random;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.TimeUnit;

/**
 * Messages as a Java program writes them today, sent into the actor system by virtual threads:
 * records (not {@code Serializable}) holding an enum, an {@code Optional}, an immutable list and
 * the actor ref to reply to; a plain class without a no-argument constructor; and a {@code
 * Serializable} singleton that keeps its identity by {@code readResolve}, as Scala's case objects
 * do. The user has turned Akka's Java serialization on, so an agent that copied input through
 * Akka's serialization would make Akka log its {@code [SECURITY]} warning to stdout.
 *
 * <p>{@value #SENDERS} virtual threads, started with {@code Thread.ofVirtual()}, each draw a
 * random quantity before they send their orders: the shop numbers the orders as they come (a
 * race), tells each order's clerk, and the clerk prints the shop's lines and its receipts (one
 * actor prints, so the order of lines is one actor's order), and after the last receipt ends the
 * actor system, which ends {@code main}. The shop pauses at random in its turns ({@link
 * Console#jitter}, schedule perturbation), and a sender yields after some of its orders.
 */
public final class OutsideRecords {
    static final int SENDERS = 3;
    static final int ORDERS_EACH = 4;

    private OutsideRecords() {}

    enum Priority {
        LOW,
        HIGH
    }

    /** Not Serializable: copied field by field, made again by its canonical constructor. */
    record Order(
            int sender, int n, Priority priority, Optional<String> note, List<Integer> quantities, ActorRef clerk) {}

    /** Neither Serializable nor a record, and without a no-argument constructor. */
    static final class Parcel {
        private final String label;
        private final int[] weights;

        Parcel(String label, int[] weights) {
            this.label = label;
            this.weights = weights.clone();
        }

        int total() {
            int sum = 0;
            for (int w : weights) {
                sum += w;
            }
            return sum;
        }
    }

    /** A singleton matched by identity, as Scala's case objects are. */
    static final class Closed implements Serializable {
        @Serial
        private static final long serialVersionUID = 1L;

        static final Closed INSTANCE = new Closed();

        private Closed() {}

        @Serial
        private Object readResolve() {
            return INSTANCE;
        }
    }

    record Line(String text) {}

    static final class Shop extends AbstractActor {
        final ActorRef clerk;
        final Random random = new Random();
        int numbered;

        Shop(ActorRef clerk) {
            this.clerk = clerk;
        }

        @Override
        public Receive createReceive() {
            return receiveBuilder()
                    .match(Order.class, o -> {
                        Console.jitter(random);
                        numbered++;
                        int sum = o.quantities().stream()
                                .mapToInt(Integer::intValue)
                                .sum();
                        say("shop: #" + numbered + " " + o.priority() + " order " + o.n() + " of sender "
                                + o.sender() + " note=" + o.note().orElse("-") + " quantities=" + o.quantities()
                                + " sum=" + sum);
                        o.clerk().tell("receipt #" + numbered + " for sender " + o.sender() + ": " + sum, getSelf());
                    })
                    .match(Parcel.class, p -> say("shop: parcel " + p.label + " weighs " + p.total()))
                    .matchEquals(Closed.INSTANCE, c -> say("shop: closed (the very instance)"))
                    .match(Closed.class, c -> say("shop: closed (ANOTHER instance)"))
                    .build();
        }

        /** The clerk prints for the shop: one actor prints, so the lines' order is the clerk's order. */
        private void say(String line) {
            clerk.tell(new Line(line), getSelf());
        }
    }

    static final class Clerk extends AbstractActor {
        final List<String> receipts = new ArrayList<>();

        @Override
        public Receive createReceive() {
            return receiveBuilder()
                    .match(Line.class, l -> System.out.println(l.text()))
                    .match(String.class, r -> {
                        receipts.add(r);
                        System.out.println("clerk: " + r);
                        if (receipts.size() == SENDERS * ORDERS_EACH) {
                            System.out.println("clerk: all " + receipts.size() + " receipts, last " + r);
                            getContext().getSystem().terminate();
                        }
                    })
                    .build();
        }
    }

    public static void main(String[] args) throws Exception {
        ActorSystem system = ActorSystem.create(
                "outside-records",
                ConfigFactory.parseString("akka.actor.allow-java-serialization = on\nakka.loglevel = WARNING")
                        .withFallback(ConfigFactory.load()));
        ActorRef clerk = system.actorOf(Props.create(Clerk.class, Clerk::new), "clerk");
        ActorRef shop = system.actorOf(Props.create(Shop.class, () -> new Shop(clerk)), "shop");
        List<Thread> senders = new ArrayList<>();
        for (int s = 1; s <= SENDERS; s++) {
            int sender = s;
            senders.add(Thread.ofVirtual().name("sender-" + s).start(() -> {
                for (int n = 1; n <= ORDERS_EACH; n++) {
                    int q = ThreadLocalRandom.current().nextInt(1, 100);
                    Optional<String> note = n % 2 == 0 ? Optional.of("gift " + q) : Optional.empty();
                    Priority priority = q % 2 == 0 ? Priority.HIGH : Priority.LOW;
                    shop.tell(new Order(sender, n, priority, note, List.of(q, n, sender), clerk), ActorRef.noSender());
                    if (q % 3 == 0) {
                        Thread.yield(); // another sender's turn, now and then
                    }
                }
                shop.tell(new Parcel("from-" + sender, new int[] {sender, 2 * sender}), ActorRef.noSender());
            }));
        }
        for (Thread t : senders) {
            t.join();
        }
        shop.tell(Closed.INSTANCE, ActorRef.noSender());
        system.getWhenTerminated().toCompletableFuture().get(60, TimeUnit.SECONDS);
        System.out.println("main: the shop is closed");
    }
}
