package dev.reprise.savina.bench;

import akka.actor.ActorRef;
import akka.actor.ActorSystem;
import akka.actor.Props;
import dev.reprise.savina.BenchActor;
import dev.reprise.savina.Checks;
import dev.reprise.savina.Iteration;
import dev.reprise.savina.RootActor;
import dev.reprise.savina.SavinaBenchmark;
import dev.reprise.savina.SomRandom;
import java.io.Serializable;
import java.time.Duration;
import java.util.ArrayDeque;
import java.util.concurrent.CompletableFuture;

/**
 * Savina SleepingBarber (barber): a customer factory sends customers to a waiting room with a
 * barber; full-room customers come back and are resent. Savina's shared id generator
 * ({@code AtomicLong}) is actor state of the factory. The barber's PRNG draws depend only on the
 * number of haircuts, so its final state is deterministic. Check: the barber's final PRNG value,
 * SOMns constant 32109 for 2500 haircuts at haircut rate 1000, otherwise a sequential replay of
 * the barber's draws; also the barber cut exactly {@code haircuts} times.
 */
public final class SleepingBarber implements SavinaBenchmark<SleepingBarber.Params, SleepingBarber.Result> {

    /** SOMns {@code verifyResult:} for 2500 haircuts at haircut rate 1000. */
    public static final long SOMNS_PAPER_PRNG_STATE = 32_109;

    /**
     * @param haircuts number of haircuts
     * @param waitingRoomSize seats in the waiting room
     * @param productionRate average pause between new customers (busy-wait draws)
     * @param haircutRate average haircut length (busy-wait draws)
     */
    public record Params(int haircuts, int waitingRoomSize, int productionRate, int haircutRate)
            implements Serializable {}

    /**
     * @param prngState the barber's final PRNG value
     * @param haircuts haircuts the barber did
     */
    public record Result(long prngState, long haircuts) implements Serializable {}

    record StartFactory() implements Serializable {}

    record Enter(ActorRef customer) implements Serializable {}

    record Next() implements Serializable {}

    record Full() implements Serializable {}

    record Wait() implements Serializable {}

    record StartHaircut() implements Serializable {}

    record HaircutDone() implements Serializable {}

    record Returned(ActorRef customer) implements Serializable {}

    record Exit() implements Serializable {}

    @Override
    public String name() {
        return "SleepingBarber";
    }

    @Override
    public Params paper() {
        return new Params(2_500, 1_000, 1_000, 1_000);
    }

    @Override
    public Params quick() {
        return new Params(300, 100, 200, 200);
    }

    @Override
    public Result run(ActorSystem system, Params p, Duration timeout) throws InterruptedException {
        return Iteration.await(system, name(), f -> Props.create(Root.class, () -> new Root(p, f)), timeout);
    }

    @Override
    public void verify(Params p, Result r) {
        long expected = p.equals(paper()) ? SOMNS_PAPER_PRNG_STATE : referencePrngState(p);
        Checks.equal(name(), "barber's final PRNG value", expected, r.prngState());
        Checks.equal(name(), "haircuts by the barber", p.haircuts(), r.haircuts());
    }

    /** Sequential reference: the barber's PRNG after {@code haircuts} haircuts plus one draw. */
    public static long referencePrngState(Params p) {
        SomRandom random = new SomRandom();
        for (int i = 0; i < p.haircuts(); i++) {
            random.busyWait(random.next(p.haircutRate()) + 10);
        }
        return random.next();
    }

    /** Creates barber, waiting room and factory; finishes with the barber's result. */
    static final class Root extends RootActor<Result> {
        private final Params p;

        Root(Params p, CompletableFuture<Result> completion) {
            super(completion);
            this.p = p;
        }

        @Override
        public void preStart() {
            ActorRef barber = getContext().actorOf(Props.create(Barber.class, () -> new Barber(p.haircutRate())));
            ActorRef room = getContext()
                    .actorOf(Props.create(WaitingRoom.class, () -> new WaitingRoom(p.waitingRoomSize(), barber)));
            ActorRef factory =
                    getContext().actorOf(Props.create(CustomerFactory.class, () -> new CustomerFactory(p, room)));
            factory.tell(new StartFactory(), getSelf());
        }

        @Override
        public Receive createReceive() {
            return receiveBuilder().match(Result.class, this::finish).build();
        }
    }

    static final class WaitingRoom extends BenchActor {
        private final int capacity;
        private final ActorRef barber;
        private final ArrayDeque<ActorRef> waitingCustomers = new ArrayDeque<>();
        private boolean barberAsleep = true;

        WaitingRoom(int capacity, ActorRef barber) {
            this.capacity = capacity;
            this.barber = barber;
        }

        @Override
        public Receive createReceive() {
            return receiveBuilder()
                    .match(Enter.class, m -> {
                        if (waitingCustomers.size() == capacity) {
                            m.customer().tell(new Full(), getSelf());
                        } else {
                            waitingCustomers.addLast(m.customer());
                            if (barberAsleep) {
                                barberAsleep = false;
                                getSelf().tell(new Next(), getSelf());
                            } else {
                                m.customer().tell(new Wait(), getSelf());
                            }
                        }
                    })
                    .match(Next.class, m -> {
                        if (!waitingCustomers.isEmpty()) {
                            barber.tell(new Enter(waitingCustomers.removeFirst()), getSelf());
                        } else {
                            barber.tell(new Wait(), getSelf());
                            barberAsleep = true;
                        }
                    })
                    .match(Exit.class, m -> barber.tell(m, getSelf()))
                    .build();
        }
    }

    static final class Barber extends BenchActor {
        private final int haircutRate;
        private final SomRandom random = new SomRandom();
        private long haircuts;

        Barber(int haircutRate) {
            this.haircutRate = haircutRate;
        }

        @Override
        public Receive createReceive() {
            return receiveBuilder()
                    .match(Enter.class, m -> {
                        m.customer().tell(new StartHaircut(), getSelf());
                        random.busyWait(random.next(haircutRate) + 10);
                        haircuts++;
                        m.customer().tell(new HaircutDone(), getSelf());
                        getSender().tell(new Next(), getSelf());
                    })
                    .match(Wait.class, m -> {})
                    .match(
                            Exit.class,
                            m -> getContext().getParent().tell(new Result(random.next(), haircuts), getSelf()))
                    .build();
        }
    }

    static final class CustomerFactory extends BenchActor {
        private final Params p;
        private final ActorRef room;
        private final SomRandom random = new SomRandom();
        private int haircutsSoFar;
        private long idGenerator;

        CustomerFactory(Params p, ActorRef room) {
            this.p = p;
            this.room = room;
        }

        @Override
        public Receive createReceive() {
            return receiveBuilder()
                    .match(StartFactory.class, m -> {
                        for (int i = 0; i < p.haircuts(); i++) {
                            sendNewCustomerToRoom();
                            random.busyWait(random.next(p.productionRate()) + 10);
                        }
                    })
                    .match(Returned.class, m -> {
                        idGenerator++;
                        room.tell(new Enter(m.customer()), getSelf());
                    })
                    .match(HaircutDone.class, m -> {
                        haircutsSoFar++;
                        if (haircutsSoFar == p.haircuts()) {
                            room.tell(new Exit(), getSelf());
                        }
                    })
                    .build();
        }

        private void sendNewCustomerToRoom() {
            long id = idGenerator++;
            ActorRef factory = getSelf();
            ActorRef customer = getContext().actorOf(Props.create(Customer.class, () -> new Customer(id, factory)));
            room.tell(new Enter(customer), getSelf());
        }
    }

    static final class Customer extends BenchActor {
        private final long id;
        private final ActorRef factory;

        Customer(long id, ActorRef factory) {
            this.id = id;
            this.factory = factory;
        }

        @Override
        public Receive createReceive() {
            return receiveBuilder()
                    .match(Full.class, m -> factory.tell(new Returned(getSelf()), getSelf()))
                    .match(Wait.class, m -> {})
                    .match(StartHaircut.class, m -> {})
                    .match(HaircutDone.class, m -> {
                        factory.tell(m, getSelf());
                        getContext().stop(getSelf());
                    })
                    .build();
        }

        @Override
        public String toString() {
            return "Customer-" + id;
        }
    }
}
