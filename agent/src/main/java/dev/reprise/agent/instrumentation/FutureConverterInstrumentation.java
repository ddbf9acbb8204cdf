package dev.reprise.agent.instrumentation;

import static net.bytebuddy.matcher.ElementMatchers.isDeclaredBy;
import static net.bytebuddy.matcher.ElementMatchers.named;
import static net.bytebuddy.matcher.ElementMatchers.takesArguments;

import dev.reprise.agent.context.ConvertedStages;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.function.BiFunction;
import net.bytebuddy.agent.builder.AgentBuilder;
import net.bytebuddy.asm.MemberSubstitution;

/**
 * {@code scala.jdk.javaapi.FutureConverters$.asScala}, Scala 2.13's {@code CompletionStage} to
 * {@code Future} converter: its look at whether the stage is done, and the callback it registers
 * otherwise, go through {@link ConvertedStages}.
 */
final class FutureConverterInstrumentation {
    private FutureConverterInstrumentation() {}

    static AgentBuilder apply(AgentBuilder agent) {
        return agent.type(named(HookedTypes.SCALA_FUTURE_CONVERTERS))
                .transform((builder, type, loader, module, domain) -> builder.visit(Hooks.substitution(
                                MemberSubstitution.relaxed()
                                        .method(named("isDone")
                                                .and(takesArguments(0))
                                                .and(isDeclaredBy(CompletableFuture.class)))
                                        .replaceWith(
                                                Hooks.helper(ConvertedStages.class, "isDone", CompletableFuture.class)),
                                "asScala",
                                named("asScala")))
                        .visit(Hooks.substitution(
                                MemberSubstitution.relaxed()
                                        .method(named("handle")
                                                .and(takesArguments(1))
                                                .and(isDeclaredBy(CompletionStage.class)))
                                        .replaceWith(Hooks.helper(
                                                ConvertedStages.class,
                                                "handle",
                                                CompletionStage.class,
                                                BiFunction.class)),
                                "asScala",
                                named("asScala"))));
    }
}
