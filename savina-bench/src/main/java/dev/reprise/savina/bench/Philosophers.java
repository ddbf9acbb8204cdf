package dev.reprise.savina.bench;

import akka.actor.ActorRef;
import akka.actor.ActorSystem;
import akka.actor.Props;
import dev.reprise.savina.BenchActor;
import dev.reprise.savina.Checks;
import dev.reprise.savina.Iteration;
import dev.reprise.savina.RootActor;
import dev.reprise.savina.SavinaBenchmark;
import java.io.Serializable;
import java.time.Duration;
import java.util.concurrent.CompletableFuture;

/**
 * Savina Philosophers (philosopher): dining philosophers with an arbitrator that owns the
 * forks. Savina's shared retry counter ({@code AtomicLong}) is replaced by per-philosopher
 * counters reported in the exit message. Check (SOMns): no fork is taken at the end; also
 * every philosopher ate {@code rounds} times.
 */
public final class Philosophers implements SavinaBenchmark<Philosophers.Params, Philosophers.Result> {

    /**
     * @param philosophers number of philosophers (and forks)
     * @param rounds meals per philosopher
     */
    public record Params(int philosophers, int rounds) implements Serializable {}

    /**
     * @param forksTaken forks still taken when all philosophers exited
     * @param meals meals eaten in total
     * @param retries denied requests in total (not checked; it depends on scheduling)
     */
    public record Result(int forksTaken, long meals, long retries) implements Serializable {}

    record Start() implements Serializable {}

    record Hungry(int philosopherId) implements Serializable {}

    record Denied() implements Serializable {}

    record Eat() implements Serializable {}

    record Done(int philosopherId) implements Serializable {}

    record Exit(long meals, long retries) implements Serializable {}

    @Override
    public String name() {
        return "Philosophers";
    }

    @Override
    public Params paper() {
        return new Params(20, 5_000);
    }

    @Override
    public Params quick() {
        return new Params(10, 500);
    }

    @Override
    public Result run(ActorSystem system, Params p, Duration timeout) throws InterruptedException {
        return Iteration.await(
                system, name(), f -> Props.create(Arbitrator.class, () -> new Arbitrator(p, f)), timeout);
    }

    @Override
    public void verify(Params p, Result r) {
        Checks.equal(name(), "forks taken at the end", 0, r.forksTaken());
        Checks.equal(name(), "meals", (long) p.philosophers() * p.rounds(), r.meals());
    }

    /** The arbitrator is the root: it creates the philosophers and owns the forks. */
    static final class Arbitrator extends RootActor<Result> {
        private final Params p;
        private final boolean[] forks;
        private int exited;
        private long meals;
        private long retries;

        Arbitrator(Params p, CompletableFuture<Result> completion) {
            super(completion);
            this.p = p;
            this.forks = new boolean[p.philosophers()];
        }

        @Override
        public void preStart() {
            ActorRef arbitrator = getSelf();
            ActorRef[] philosophers = new ActorRef[p.philosophers()];
            for (int i = 0; i < philosophers.length; i++) {
                int id = i;
                philosophers[i] = getContext()
                        .actorOf(Props.create(Philosopher.class, () -> new Philosopher(id, p.rounds(), arbitrator)));
            }
            for (ActorRef ph : philosophers) {
                ph.tell(new Start(), getSelf());
            }
        }

        @Override
        public Receive createReceive() {
            return receiveBuilder()
                    .match(Hungry.class, m -> {
                        int left = m.philosopherId();
                        int right = (left + 1) % forks.length;
                        if (forks[left] || forks[right]) {
                            getSender().tell(new Denied(), getSelf());
                        } else {
                            forks[left] = true;
                            forks[right] = true;
                            getSender().tell(new Eat(), getSelf());
                        }
                    })
                    .match(Done.class, m -> {
                        int left = m.philosopherId();
                        forks[left] = false;
                        forks[(left + 1) % forks.length] = false;
                    })
                    .match(Exit.class, m -> {
                        exited++;
                        meals += m.meals();
                        retries += m.retries();
                        if (exited == p.philosophers()) {
                            int taken = 0;
                            for (boolean f : forks) {
                                if (f) {
                                    taken++;
                                }
                            }
                            finish(new Result(taken, meals, retries));
                        }
                    })
                    .build();
        }
    }

    static final class Philosopher extends BenchActor {
        private final int id;
        private final int rounds;
        private final ActorRef arbitrator;
        private int roundsSoFar;
        private long localCounter;
        private long retries;

        Philosopher(int id, int rounds, ActorRef arbitrator) {
            this.id = id;
            this.rounds = rounds;
            this.arbitrator = arbitrator;
        }

        @Override
        public Receive createReceive() {
            return receiveBuilder()
                    .match(Start.class, m -> arbitrator.tell(new Hungry(id), getSelf()))
                    .match(Denied.class, m -> {
                        localCounter++;
                        arbitrator.tell(new Hungry(id), getSelf());
                    })
                    .match(Eat.class, m -> {
                        roundsSoFar++;
                        retries += localCounter;
                        localCounter = 0;
                        arbitrator.tell(new Done(id), getSelf());
                        if (roundsSoFar < rounds) {
                            getSelf().tell(new Start(), getSelf());
                        } else {
                            arbitrator.tell(new Exit(roundsSoFar, retries), getSelf());
                        }
                    })
                    .build();
        }
    }
}
