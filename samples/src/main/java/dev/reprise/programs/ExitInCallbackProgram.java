package dev.reprise.programs;

import akka.actor.typed.ActorRef;
import akka.actor.typed.ActorSystem;
import akka.actor.typed.Behavior;
import akka.actor.typed.javadsl.Behaviors;
import java.util.concurrent.locks.LockSupport;
import scala.concurrent.ExecutionContext;
import scala.concurrent.Promise;
import scala.util.Try;

/**
 * Two typed actors race to complete one Scala promise, and the winner's callback ends the program
 * while the winner's turn is still inside the completion. The guardian registers the callback with
 * an executor that runs it at once, on the completing thread: it tells "closer" who won and never
 * returns. Closer waits a second, prints the winner and calls {@code System.exit}. "winner" tries
 * at once, "loser" after {@value #LOSER_MS} ms, and loses: the last thing it does before the exit.
 * {@code -Dwinner.delay=MS} makes the winner try that much later: a replay in which the recording's
 * loser comes first.
 */
public final class ExitInCallbackProgram {
    static final long LOSER_MS = 300;

    static Behavior<Promise<String>> racer(String name, long delayMs) {
        return Behaviors.receiveMessage(promise -> {
            Thread.sleep(delayMs);
            promise.trySuccess(name);
            return Behaviors.same();
        });
    }

    static Behavior<String> closer() {
        return Behaviors.receiveMessage(winner -> {
            Thread.sleep(1000); // the loser tries meanwhile
            System.out.println("closed by " + winner);
            System.out.flush();
            System.exit(0);
            return Behaviors.same();
        });
    }

    static Behavior<Void> guardian() {
        return Behaviors.setup(context -> {
            ActorRef<String> closer = context.spawn(closer(), "closer");
            ActorRef<Promise<String>> winner =
                    context.spawn(racer("winner", Long.getLong("winner.delay", 0)), "winner");
            ActorRef<Promise<String>> loser = context.spawn(racer("loser", LOSER_MS), "loser");
            Promise<String> promise = Promise.apply();
            ExecutionContext atOnce = ExecutionContext.fromExecutor(Runnable::run);
            promise.future()
                    .onComplete(
                            (Try<String> won) -> {
                                closer.tell(won.get());
                                while (true) {
                                    LockSupport.park(); // the completing turn never ends: the exit comes first
                                }
                            },
                            atOnce);
            winner.tell(promise);
            loser.tell(promise);
            return Behaviors.empty();
        });
    }

    public static void main(String[] args) {
        ActorSystem.create(guardian(), "exit-in-callback", ProgramConfig.config(false));
    }
}
