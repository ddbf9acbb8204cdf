package dev.reprise.samples;

import akka.actor.AbstractActor;
import akka.actor.ActorRef;
import akka.actor.ActorSystem;
import akka.actor.AllForOneStrategy;
import akka.actor.CoordinatedShutdown;
import akka.actor.OneForOneStrategy;
import akka.actor.Props;
import akka.actor.ReceiveTimeout;
import akka.actor.SupervisorStrategy;
import akka.actor.Terminated;
import akka.japi.pf.DeciderBuilder;
import com.typesafe.config.ConfigFactory;
import java.time.Duration;
import java.util.HashMap;
import java.util.Map;
import java.util.Random;
import java.util.TreeMap;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;

/**
 * A supervision tree with hundreds of short-lived workers. The master hands out 300 jobs, at most
 * 16 at a time, each to a new worker; a worker computes (a Collatz chain), replies and stops
 * itself, or is stopped by the master. One job in ten fails: the master's {@code OneForOneStrategy}
 * resumes, restarts or stops the worker, its decider counting the failures it has seen; jobs lost
 * that way are handed out again when the master has been idle for a while (receive timeout), or
 * to a new worker when the old one was stopped (death watch). Beside it a team of three pipeline
 * stages under an {@code AllForOneStrategy}: one stage failing restarts all three.
 *
 * <p>What races: the workers' replies and the failures reach the master in any order, so the
 * order of results, which job each failure hit and every count printed differ from run to run;
 * the pipeline's items race its restarts. The program ends with {@code CoordinatedShutdown} when
 * both are done.
 */
public final class SupervisionTree {
    private SupervisionTree() {}

    static final int JOBS = 300;
    static final int AT_ONCE = 16;
    static final int ITEMS = 60;

    record Job(int id, long n) {}

    record Result(int id, long n, int steps) {}

    record Item(int id) {}

    record Processed(int id, String counts) {}

    static final CompletableFuture<String> done = new CompletableFuture<>();

    /** Computes one job; fails now and then, in one of three ways. */
    static final class Worker extends AbstractActor {
        private final Random random = new Random();

        @Override
        public Receive createReceive() {
            return receiveBuilder()
                    .match(Job.class, job -> {
                        Console.jitter(random);
                        String me = getSelf().path().name();
                        switch (random.nextInt(30)) {
                            case 0 -> throw new ArithmeticException(me + " overflowed on job " + job.id());
                            case 1 -> throw new IllegalArgumentException(me + " rejected job " + job.id());
                            case 2 -> throw new IllegalStateException(me + " broke on job " + job.id());
                            default -> {}
                        }
                        int steps = 0;
                        for (long n = job.n(); n != 1; n = n % 2 == 0 ? n / 2 : 3 * n + 1) {
                            steps++;
                        }
                        getSender().tell(new Result(job.id(), job.n(), steps), getSelf());
                        if (random.nextBoolean()) {
                            getContext().stop(getSelf());
                        }
                    })
                    .build();
        }
    }

    /** Hands out the jobs, supervises the workers, collects the results. */
    static final class Master extends AbstractActor {
        private final ActorRef console;
        private final Random random = new Random();
        private final Map<ActorRef, Job> running = new HashMap<>();
        private final TreeMap<Integer, Integer> results = new TreeMap<>();
        private int nextJob;
        private int workers;
        private int resumed;
        private int restarted;
        private int stopped;
        private int failures;
        private boolean teamDone;

        Master(ActorRef console) {
            this.console = console;
        }

        @Override
        public SupervisorStrategy supervisorStrategy() {
            return new OneForOneStrategy(
                    -1,
                    scala.concurrent.duration.Duration.Inf(),
                    false,
                    DeciderBuilder.match(
                                    ArithmeticException.class, e -> decided(e, "resume", SupervisorStrategy.resume()))
                            .match(
                                    IllegalArgumentException.class,
                                    e -> decided(e, "restart", SupervisorStrategy.restart()))
                            .match(IllegalStateException.class, e -> decided(e, "stop", SupervisorStrategy.stop()))
                            .matchAny(e -> SupervisorStrategy.escalate())
                            .build());
        }

        private SupervisorStrategy.Directive decided(Throwable e, String what, SupervisorStrategy.Directive d) {
            failures++;
            switch (what) {
                case "resume" -> resumed++;
                case "restart" -> restarted++;
                default -> stopped++;
            }
            console.tell("failure " + failures + ": " + e.getMessage() + " -> " + what, getSelf());
            return d;
        }

        @Override
        public void preStart() {
            getContext().actorOf(Props.create(Team.class, () -> new Team(console)), "team");
            for (int i = 0; i < AT_ONCE; i++) {
                startNext();
            }
            getContext().setReceiveTimeout(Duration.ofMillis(50));
        }

        private void startNext() {
            if (nextJob == JOBS) {
                return;
            }
            Job job = new Job(nextJob++, 1 + random.nextInt(100_000));
            assign(job);
        }

        private void assign(Job job) {
            ActorRef worker = getContext().actorOf(Props.create(Worker.class, Worker::new), "worker-" + workers++);
            getContext().watch(worker);
            running.put(worker, job);
            worker.tell(job, getSelf());
        }

        @Override
        public Receive createReceive() {
            return receiveBuilder()
                    .match(Result.class, r -> {
                        running.remove(getSender());
                        if (results.putIfAbsent(r.id(), r.steps()) == null) {
                            console.tell(
                                    "job " + r.id() + " by "
                                            + getSender().path().name() + ": " + r.n() + " takes " + r.steps()
                                            + " steps (" + results.size() + " of " + JOBS + ")",
                                    getSelf());
                        }
                        if (random.nextBoolean()) {
                            getContext().stop(getSender());
                        }
                        startNext();
                        checkDone();
                    })
                    .match(Terminated.class, t -> {
                        Job lost = running.remove(t.actor());
                        if (lost != null) {
                            console.tell(
                                    t.actor().path().name() + " stopped before finishing job " + lost.id()
                                            + "; a new worker takes it",
                                    getSelf());
                            assign(lost);
                        }
                    })
                    .match(ReceiveTimeout.class, t -> {
                        // Resumed and restarted workers lost the job they failed on: hand it out again.
                        for (Map.Entry<ActorRef, Job> e : running.entrySet()) {
                            e.getKey().tell(e.getValue(), getSelf());
                        }
                        if (!running.isEmpty()) {
                            console.tell("idle: handed out " + running.size() + " lost jobs again", getSelf());
                        }
                    })
                    .matchEquals("team done", m -> {
                        teamDone = true;
                        checkDone();
                    })
                    .build();
        }

        private void checkDone() {
            if (teamDone && results.size() == JOBS) {
                long sum =
                        results.values().stream().mapToLong(Integer::longValue).sum();
                console.tell(
                        "all " + JOBS + " jobs done by " + workers + " workers, " + sum + " steps in all; failures "
                                + failures + ": resumed " + resumed + ", restarted " + restarted + ", stopped "
                                + stopped,
                        getSelf());
                getContext().cancelReceiveTimeout();
                done.complete("done");
            }
        }
    }

    /** Three pipeline stages under an all-for-one strategy: a failing stage restarts all three. */
    static final class Team extends AbstractActor {
        private final ActorRef console;
        private final ActorRef[] stages = new ActorRef[3];
        private final Map<Integer, String> processed = new TreeMap<>();
        private int restarts;

        Team(ActorRef console) {
            this.console = console;
        }

        @Override
        public SupervisorStrategy supervisorStrategy() {
            return new AllForOneStrategy(
                    -1,
                    scala.concurrent.duration.Duration.Inf(),
                    false,
                    DeciderBuilder.match(IllegalStateException.class, e -> {
                                restarts++;
                                console.tell("team restart " + restarts + ": " + e.getMessage(), getSelf());
                                return SupervisorStrategy.restart();
                            })
                            .build());
        }

        @Override
        public void preStart() {
            for (int i = stages.length - 1; i >= 0; i--) {
                ActorRef next = i == stages.length - 1 ? getSelf() : stages[i + 1];
                int index = i;
                stages[i] = getContext().actorOf(Props.create(Stage.class, () -> new Stage(index, next)), "stage-" + i);
            }
            for (int i = 0; i < ITEMS; i++) {
                stages[0].tell(new Item(i), getSelf());
            }
            getContext().setReceiveTimeout(Duration.ofMillis(50));
        }

        @Override
        public Receive createReceive() {
            return receiveBuilder()
                    .match(Processed.class, p -> {
                        if (processed.putIfAbsent(p.id(), p.counts()) == null) {
                            console.tell(
                                    "team: item " + p.id() + " through the stages as their item " + p.counts(),
                                    getSelf());
                        }
                        if (processed.size() == ITEMS) {
                            console.tell("team: all " + ITEMS + " items through, " + restarts + " restarts", getSelf());
                            getContext().cancelReceiveTimeout();
                            getContext().getParent().tell("team done", getSelf());
                        }
                    })
                    .match(ReceiveTimeout.class, t -> {
                        int again = 0;
                        for (int i = 0; i < ITEMS; i++) {
                            if (!processed.containsKey(i)) {
                                stages[0].tell(new Item(i), getSelf());
                                again++;
                            }
                        }
                        console.tell("team: sent " + again + " lost items again", getSelf());
                    })
                    .build();
        }
    }

    /** A pipeline stage: counts the items it passed on since it (re)started, fails now and then. */
    static final class Stage extends AbstractActor {
        private final int index;
        private final ActorRef next;
        private final Random random = new Random();
        private int count;

        Stage(int index, ActorRef next) {
            this.index = index;
            this.next = next;
        }

        @Override
        public Receive createReceive() {
            return receiveBuilder()
                    .match(Item.class, item -> pass(item.id(), ""))
                    .match(Processed.class, p -> pass(p.id(), p.counts() + "/"))
                    .build();
        }

        private void pass(int id, String countsSoFar) {
            Console.jitter(random);
            if (random.nextInt(40) == 0) {
                throw new IllegalStateException("stage " + index + " dropped item " + id + " after " + count);
            }
            count++;
            next.tell(new Processed(id, countsSoFar + count), getSelf());
        }
    }

    public static void main(String[] args) throws Exception {
        ActorSystem system =
                ActorSystem.create("supervision-tree", ConfigFactory.parseString("akka.loglevel = WARNING"));
        ActorRef console = system.actorOf(Console.props(), "console");
        system.actorOf(Props.create(Master.class, () -> new Master(console)), "master");
        done.get(60, TimeUnit.SECONDS);
        CoordinatedShutdown.get(system)
                .runAll(CoordinatedShutdown.unknownReason())
                .toCompletableFuture()
                .get(30, TimeUnit.SECONDS);
        System.out.println("shut down");
    }
}
