package dev.reprise.programs;

import akka.actor.typed.ActorRef;
import akka.actor.typed.ActorSystem;
import akka.actor.typed.Behavior;
import akka.actor.typed.javadsl.Behaviors;
import java.time.Duration;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.LockSupport;

/**
 * A seeded bug for {@code reprise hunt}, a lost update across ask and tell (Akka Typed): in each of
 * {@value #ROUNDS} rounds two incrementers read a counter with an ask and write the value plus one
 * with a tell. The second starts a moment after the first ({@code -Dupdate.pauseMicros}, default
 * 10,000), so its read nearly always follows the first's write; when the first is late, both read the
 * same value and one update is lost. The program says so on a line ({@code LOST UPDATE}) and goes
 * on: it exits with status 0, so {@code hunt --until 'LOST UPDATE'} is what finds it. A round
 * that never races goes first (the second incrementer starts when the first is done), so that the
 * JVM has loaded and compiled what the others run.
 */
public final class LostUpdateProgram {
    static final int ROUNDS = 5;
    static final long PAUSE_NANOS = TimeUnit.MICROSECONDS.toNanos(Long.getLong("update.pauseMicros", 10_000));

    private LostUpdateProgram() {}

    sealed interface CounterMessage {}

    record Get(ActorRef<Integer> replyTo) implements CounterMessage {}

    record Set(int value, ActorRef<Done> replyTo) implements CounterMessage {}

    enum Done {
        DONE
    }

    sealed interface IncrementerMessage {}

    record Start(ActorRef<Done> whenDone) implements IncrementerMessage {}

    record Read(int value) implements IncrementerMessage {}

    record Written() implements IncrementerMessage {}

    sealed interface RoundMessage {}

    record Finished() implements RoundMessage {}

    record Total(int value) implements RoundMessage {}

    static Behavior<CounterMessage> counter(int value) {
        return Behaviors.receiveMessage(m -> switch (m) {
            case Get g -> {
                g.replyTo().tell(value);
                yield Behaviors.same();
            }
            case Set s -> {
                s.replyTo().tell(Done.DONE);
                yield counter(s.value());
            }
        });
    }

    /** Reads the counter with an ask when told to start, then writes the value plus one with a tell. */
    static Behavior<IncrementerMessage> incrementer(ActorRef<CounterMessage> counter) {
        return Behaviors.setup(context -> Behaviors.receiveMessage(m -> {
            if (!(m instanceof Start start)) {
                return Behaviors.unhandled();
            }
            context.ask(
                    Integer.class,
                    counter,
                    Duration.ofSeconds(5),
                    Get::new,
                    (value, failure) -> new Read(value == null ? -1 : value));
            return writing(counter, start.whenDone(), context.messageAdapter(Done.class, d -> new Written()));
        }));
    }

    static Behavior<IncrementerMessage> writing(
            ActorRef<CounterMessage> counter, ActorRef<Done> whenDone, ActorRef<Done> written) {
        return Behaviors.receiveMessage(m -> {
            switch (m) {
                case Read r -> counter.tell(new Set(r.value() + 1, written));
                case Written w -> whenDone.tell(Done.DONE);
                case Start s -> {}
            }
            return Behaviors.same();
        });
    }

    /** Runs the rounds: starts two incrementers a moment apart, then checks that the counter grew by two. */
    static Behavior<RoundMessage> rounds() {
        return Behaviors.setup(context -> {
            ActorRef<CounterMessage> counter = context.spawn(counter(0), "counter");
            ActorRef<Done> finished = context.messageAdapter(Done.class, d -> new Finished());
            ActorRef<Integer> total = context.messageAdapter(Integer.class, Total::new);
            int[] round = {0};
            int[] finishedInRound = {0};
            int[] before = {0};
            int[] lost = {0};
            Runnable next = () -> {
                round[0]++;
                finishedInRound[0] = 0;
                context.spawn(incrementer(counter), "first-" + round[0]).tell(new Start(finished));
                LockSupport.parkNanos(PAUSE_NANOS);
                context.spawn(incrementer(counter), "second-" + round[0]).tell(new Start(finished));
            };
            context.spawn(incrementer(counter), "warm-up-1").tell(new Start(finished));
            return Behaviors.receiveMessage(m -> {
                switch (m) {
                    case Finished f
                    when round[0] == 0 -> { // the warm-up: one incrementer after the other
                        if (++finishedInRound[0] == 1) {
                            context.spawn(incrementer(counter), "warm-up-2").tell(new Start(finished));
                        } else {
                            before[0] = 2;
                            next.run();
                        }
                    }
                    case Finished f -> {
                        if (++finishedInRound[0] == 2) {
                            counter.tell(new Get(total));
                        }
                    }
                    case Total t -> {
                        if (t.value() - before[0] != 2) {
                            lost[0] += 2 - (t.value() - before[0]);
                            System.out.println("LOST UPDATE in round " + round[0] + ": the counter went from "
                                    + before[0] + " to " + t.value());
                        }
                        before[0] = t.value();
                        if (round[0] == ROUNDS) {
                            System.out.println(ROUNDS + " rounds, " + lost[0] + " updates lost");
                            return Behaviors.stopped();
                        }
                        next.run();
                    }
                }
                return Behaviors.same();
            });
        });
    }

    public static void main(String[] args) {
        ActorSystem<RoundMessage> system = ActorSystem.create(rounds(), "updates", ProgramConfig.config(false));
        system.getWhenTerminated().toCompletableFuture().join();
    }
}
