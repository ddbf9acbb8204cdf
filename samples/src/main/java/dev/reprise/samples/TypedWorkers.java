package dev.reprise.samples;

import akka.actor.typed.ActorRef;
import akka.actor.typed.ActorSystem;
import akka.actor.typed.Behavior;
import akka.actor.typed.SupervisorStrategy;
import akka.actor.typed.javadsl.AbstractBehavior;
import akka.actor.typed.javadsl.ActorContext;
import akka.actor.typed.javadsl.AskPattern;
import akka.actor.typed.javadsl.Behaviors;
import akka.actor.typed.javadsl.Receive;
import akka.actor.typed.javadsl.TimerScheduler;
import com.typesafe.config.ConfigFactory;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.TimeUnit;
import java.util.stream.IntStream;

/**
 * Akka Typed with its Java DSL, as its documentation writes it: a guardian made with {@code
 * Behaviors.setup} and {@code Behaviors.withTimers} spawns anonymous workers under {@code
 * Behaviors.supervise(...).onFailure(restart)} and watches them; {@code main} asks the guardian for
 * {@value #JOBS} jobs at once with {@code AskPattern.ask}, and the guardian asks a worker drawn with
 * {@code ThreadLocalRandom} with {@code context.ask}. A worker draws its result, fails now and then
 * (and is restarted), and stops itself after {@value #JOBS_PER_WORKER} jobs (the guardian then
 * spawns another); two threads made in a stream's {@code forEach} tell the guardian notes, and a
 * fixed-rate timer ticks meanwhile. Every line goes through one printer actor, which ends the
 * actor system after the guardian's last line; {@code main} then prints the sum of its replies.
 */
public final class TypedWorkers {
    static final int JOBS = 12;
    static final int WORKERS = 3;
    static final int JOBS_PER_WORKER = 3;
    static final int NOTERS = 2;
    static final int NOTES_EACH = 4;
    static final int TICKS = 4;
    static final String END = "--end--";

    private TypedWorkers() {}

    interface Command {}

    record Job(int n, ActorRef<Integer> replyTo) implements Command {}

    record Note(String from, int n) implements Command {}

    record Done(int n, String worker, int value, ActorRef<Integer> replyTo) implements Command {}

    record Failed(int n, String why, ActorRef<Integer> replyTo) implements Command {}

    record WorkerStopped(String name, ActorRef<Work> worker) implements Command {}

    enum Tick implements Command {
        INSTANCE
    }

    enum Finish implements Command {
        INSTANCE
    }

    record Work(int n, ActorRef<Outcome> replyTo) {}

    record Outcome(String worker, int value) {}

    static Behavior<String> printer() {
        return Behaviors.setup(ctx -> Behaviors.receive(String.class)
                .onMessageEquals(END, () -> {
                    ctx.getSystem().terminate();
                    return Behaviors.stopped();
                })
                .onMessage(String.class, line -> {
                    System.out.println(line);
                    return Behaviors.same();
                })
                .build());
    }

    static Behavior<Work> worker(String name, ActorRef<String> printer) {
        return Behaviors.setup(ctx -> {
            int[] handled = {0};
            return Behaviors.receive(Work.class)
                    .onMessage(Work.class, w -> {
                        int draw = ThreadLocalRandom.current().nextInt(1, 10);
                        w.replyTo().tell(new Outcome(name, w.n() * draw));
                        handled[0]++;
                        if (draw == 9) {
                            printer.tell(name + ": job " + w.n() + " drew 9 and fails");
                            throw new IllegalStateException(name + " drew 9"); // restarted: its count starts again
                        }
                        return handled[0] == JOBS_PER_WORKER ? Behaviors.stopped() : Behaviors.same();
                    })
                    .build();
        });
    }

    static final class Guardian extends AbstractBehavior<Command> {
        final TimerScheduler<Command> timers;
        final ActorRef<String> printer;
        final List<ActorRef<Work>> workers = new ArrayList<>();
        int spawned;
        int ticks;
        int done;
        int notes;

        Guardian(ActorContext<Command> context, TimerScheduler<Command> timers) {
            super(context);
            this.timers = timers;
            printer = context.spawn(printer(), "printer");
            for (int i = 0; i < WORKERS; i++) {
                spawnWorker();
            }
            timers.startTimerAtFixedRate("tick", Tick.INSTANCE, Duration.ofMillis(3));
        }

        static Behavior<Command> create() {
            return Behaviors.setup(ctx -> Behaviors.withTimers(timers -> new Guardian(ctx, timers)));
        }

        private void spawnWorker() {
            String name = "worker-" + ++spawned;
            ActorRef<Work> w = getContext()
                    .spawnAnonymous(Behaviors.supervise(worker(name, printer))
                            .onFailure(IllegalStateException.class, SupervisorStrategy.restart()));
            getContext().watchWith(w, new WorkerStopped(name, w));
            workers.add(w);
        }

        @Override
        public Receive<Command> createReceive() {
            return newReceiveBuilder()
                    .onMessage(Job.class, this::onJob)
                    .onMessage(Done.class, d -> {
                        done++;
                        printer.tell("job " + d.n() + ": " + d.worker() + " made " + d.value());
                        d.replyTo().tell(d.value());
                        return this;
                    })
                    .onMessage(Failed.class, f -> {
                        done++;
                        printer.tell("job " + f.n() + " failed: " + f.why());
                        f.replyTo().tell(-1);
                        return this;
                    })
                    .onMessage(WorkerStopped.class, s -> {
                        workers.remove(s.worker());
                        printer.tell(s.name() + " stopped; " + workers.size() + " left");
                        spawnWorker();
                        return this;
                    })
                    .onMessage(Note.class, n -> {
                        notes++;
                        printer.tell("note " + n.n() + " from " + n.from() + " (" + notes + " so far)");
                        return this;
                    })
                    .onMessageEquals(Tick.INSTANCE, () -> {
                        if (++ticks == TICKS) {
                            timers.cancel("tick");
                        }
                        printer.tell("tick " + ticks + " after " + done + " jobs and " + notes + " notes");
                        return this;
                    })
                    .onMessageEquals(Finish.INSTANCE, () -> {
                        printer.tell("finish: " + done + " jobs, " + notes + " notes, " + spawned + " workers");
                        printer.tell(END);
                        return this;
                    })
                    .build();
        }

        private Behavior<Command> onJob(Job job) {
            ActorRef<Work> w = workers.get(ThreadLocalRandom.current().nextInt(workers.size()));
            getContext()
                    .ask(
                            Outcome.class,
                            w,
                            Duration.ofSeconds(3),
                            ref -> new Work(job.n(), ref),
                            (outcome, failure) -> outcome != null
                                    ? new Done(job.n(), outcome.worker(), outcome.value(), job.replyTo())
                                    : new Failed(job.n(), failure.getClass().getSimpleName(), job.replyTo()));
            return this;
        }
    }

    public static void main(String[] args) throws Exception {
        ActorSystem<Command> system = ActorSystem.create(
                Guardian.create(),
                "typed-workers",
                ConfigFactory.parseString("akka.loglevel = WARNING\nakka.log-dead-letters = off")
                        .withFallback(ConfigFactory.load()));
        List<Thread> noters = IntStream.rangeClosed(1, NOTERS)
                .mapToObj(i -> new Thread(() -> {
                    for (int n = 1; n <= NOTES_EACH; n++) {
                        system.tell(new Note("noter-" + i, n));
                    }
                }))
                .toList();
        noters.forEach(Thread::start);
        List<CompletableFuture<Integer>> replies = new ArrayList<>();
        for (int n = 1; n <= JOBS; n++) {
            int job = n;
            CompletionStage<Integer> reply = AskPattern.ask(
                    system, (ActorRef<Integer> r) -> new Job(job, r), Duration.ofSeconds(20), system.scheduler());
            replies.add(reply.toCompletableFuture());
        }
        CompletableFuture.allOf(replies.toArray(CompletableFuture[]::new)).get(30, TimeUnit.SECONDS);
        for (Thread t : noters) {
            t.join();
        }
        system.tell(Finish.INSTANCE);
        system.getWhenTerminated().toCompletableFuture().get(30, TimeUnit.SECONDS);
        int sum = replies.stream().mapToInt(CompletableFuture::join).sum();
        System.out.println("main: " + replies.size() + " replies, sum " + sum);
    }
}
