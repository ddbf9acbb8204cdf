package dev.reprise.programs;

import akka.actor.typed.ActorRef;
import akka.actor.typed.ActorSystem;
import akka.actor.typed.javadsl.AskPattern;
import akka.actor.typed.javadsl.Behaviors;
import java.time.Duration;
import java.util.concurrent.CompletableFuture;

/**
 * {@code main} asks a typed actor {@code N} times (the first argument), one ask after another, and
 * runs each answer through the stage methods of the ask's {@code CompletionStage} ({@code thenApply},
 * {@code thenCompose}, {@code whenComplete}, {@code handle}), then prints the sum of the answers and
 * ends the actor system. The work per ask is fixed, so whatever grows with {@code N} is per ask.
 */
public final class AskStagesProgram {
    record Doubling(int value, ActorRef<Integer> replyTo) {}

    public static void main(String[] args) {
        int asks = Integer.parseInt(args[0]);
        ActorSystem<Doubling> system = ActorSystem.create(
                Behaviors.receiveMessage(d -> {
                    d.replyTo().tell(2 * d.value());
                    return Behaviors.same();
                }),
                "stages");
        long sum = 0;
        int[] completed = {0};
        for (int i = 0; i < asks; i++) {
            int value = i;
            sum += AskPattern.<Doubling, Integer>ask(
                            system, replyTo -> new Doubling(value, replyTo), Duration.ofSeconds(10), system.scheduler())
                    .thenApply(doubled -> doubled + 1)
                    .thenCompose(CompletableFuture::completedFuture)
                    .whenComplete((answer, failure) -> completed[0]++)
                    .handle((answer, failure) -> failure == null ? answer : -1)
                    .toCompletableFuture()
                    .join();
        }
        System.out.println("sum " + sum + " of " + completed[0] + " answers");
        system.terminate();
        system.getWhenTerminated().toCompletableFuture().join();
    }
}
