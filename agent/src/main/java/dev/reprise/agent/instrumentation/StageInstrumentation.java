package dev.reprise.agent.instrumentation;

import static net.bytebuddy.matcher.ElementMatchers.isBridge;
import static net.bytebuddy.matcher.ElementMatchers.named;
import static net.bytebuddy.matcher.ElementMatchers.namedOneOf;
import static net.bytebuddy.matcher.ElementMatchers.not;
import static net.bytebuddy.matcher.ElementMatchers.takesArgument;
import static net.bytebuddy.matcher.ElementMatchers.takesArguments;

import dev.reprise.agent.context.StageCallbacks;
import net.bytebuddy.agent.builder.AgentBuilder;
import net.bytebuddy.asm.Advice;
import net.bytebuddy.implementation.SuperMethodCall;
import net.bytebuddy.implementation.bytecode.assign.Assigner;

/**
 * The {@code CompletableFuture}s that Scala futures are converted to ({@code Patterns.ask} in the
 * Java API; scala-java8-compat's and Scala 2.13's converters): they remember who completed them,
 * and wrap the callbacks given to their (overridden, asynchronous) stage methods. A stage made by
 * {@code thenApply} is completed by the pool's task after the callback returned, and its own
 * dependents (a {@code Patterns.pipe}, say) run right then, on the pool's thread; so that stage
 * ({@code newIncompleteFuture}, overridden here) is a {@link dev.reprise.agent.context.ContextStage},
 * which wraps its dependents in the same context, whenever they run. (Overriding
 * {@code defaultExecutor} too, with a second intercepting advice, gave it this one's code: a
 * {@code ClassCastException} thrown and suppressed at every stage method.)
 */
final class StageInstrumentation {
    private static final String[] ONE_ARGUMENT = {
        "thenApply", "thenAccept", "thenRun", "thenCompose", "whenComplete", "handle", "exceptionally"
    };
    private static final String[] TWO_ARGUMENTS = {
        "thenCombine", "thenAcceptBoth", "runAfterBoth", "applyToEither", "acceptEither", "runAfterEither"
    };

    private StageInstrumentation() {}

    static AgentBuilder apply(AgentBuilder agent) {
        return agent.type(named(HookedTypes.FUTURE_CONVERTER_212).or(named(HookedTypes.FUTURE_CONVERTER)))
                .transform((builder, type, loader, module, domain) -> StateField.add(builder)
                        .visit(Hooks.advice(
                                Completed.class,
                                "apply",
                                named("apply").and(takesArguments(1)).and(takesArgument(0, named("scala.util.Try")))))
                        .visit(Hooks.advice(
                                WrapOnly.class,
                                "one-stage callbacks",
                                namedOneOf(ONE_ARGUMENT).and(takesArguments(1)).and(not(isBridge()))))
                        .visit(Hooks.advice(
                                WrapSecond.class,
                                "two-stage callbacks",
                                namedOneOf(TWO_ARGUMENTS).and(takesArguments(2)).and(not(isBridge()))))
                        .method(named("newIncompleteFuture").and(takesArguments(0)))
                        .intercept(Advice.to(NewStage.class).wrap(SuperMethodCall.INSTANCE)));
    }

    static final class Completed {
        @Advice.OnMethodEnter(suppress = Throwable.class)
        static void enter(@Advice.This Object converter, @Advice.Argument(0) Object result) {
            StageCallbacks.completed(converter, result);
        }
    }

    static final class NewStage {
        @Advice.OnMethodExit(suppress = Throwable.class)
        static void exit(
                @Advice.This Object converter,
                @Advice.Return(readOnly = false, typing = Assigner.Typing.DYNAMIC) Object stage) {
            stage = StageCallbacks.newStage(converter, stage);
        }
    }

    static final class WrapOnly {
        @Advice.OnMethodEnter(suppress = Throwable.class)
        static void enter(
                @Advice.This Object converter,
                @Advice.Argument(value = 0, readOnly = false, typing = Assigner.Typing.DYNAMIC) Object callback) {
            callback = StageCallbacks.wrap(converter, callback);
        }
    }

    static final class WrapSecond {
        @Advice.OnMethodEnter(suppress = Throwable.class)
        static void enter(
                @Advice.This Object converter,
                @Advice.Argument(value = 1, readOnly = false, typing = Assigner.Typing.DYNAMIC) Object callback) {
            callback = StageCallbacks.wrap(converter, callback);
        }
    }
}
