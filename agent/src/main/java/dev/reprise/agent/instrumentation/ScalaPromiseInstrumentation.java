package dev.reprise.agent.instrumentation;

import static net.bytebuddy.matcher.ElementMatchers.isConstructor;
import static net.bytebuddy.matcher.ElementMatchers.isPublic;
import static net.bytebuddy.matcher.ElementMatchers.named;
import static net.bytebuddy.matcher.ElementMatchers.takesArguments;

import dev.reprise.agent.context.Callbacks;
import dev.reprise.agent.context.FutureReads;
import java.util.List;
import java.util.Map;
import net.bytebuddy.agent.builder.AgentBuilder;
import net.bytebuddy.asm.Advice;
import net.bytebuddy.dynamic.DynamicType;
import net.bytebuddy.implementation.bytecode.assign.Assigner;

/**
 * Scala futures: {@code Promise$Transformation} (every callback: map, onComplete, andThen, pipeTo,
 * the Java converters) remembers who registered it and runs in a promise context; {@code Success}
 * and {@code Failure} remember who made them, and {@code DefaultPromise.tryComplete0} gives each
 * completion inside an actor's turn an id of its own, recorded before {@code submitWithValue}
 * hands its callbacks over; whether a future is complete, read
 * ({@code value}, {@code isCompleted}), met by a callback registered on it ({@code dispatchOrAddCallbacks})
 * or by a combinator that may register nothing ({@code map}, {@code recover}, ...) or registers
 * by what it finds ({@code zipWith}), in an actor's turn or another context replayed in order, is
 * answered as recorded ({@link FutureReads}).
 */
final class ScalaPromiseInstrumentation {
    private ScalaPromiseInstrumentation() {}

    static AgentBuilder apply(AgentBuilder agent) {
        return agent.type(named(HookedTypes.PROMISE_TRANSFORMATION))
                .transform((builder, type, loader, module, domain) -> StateField.add(builder)
                        .visit(Hooks.advice(Registered.class, "<init>", isConstructor()))
                        .visit(Hooks.advice(Run.class, "run", named("run").and(takesArguments(0)))))
                .type(named(HookedTypes.DEFAULT_PROMISE))
                .transform((builder, type, loader, module, domain) -> combinators(builder)
                        .visit(Hooks.advice(
                                Completing.class,
                                "tryComplete0",
                                named("tryComplete0").and(takesArguments(2))))
                        .visit(Hooks.advice(Value.class, "value", named("value").and(takesArguments(0))))
                        .visit(Hooks.advice(
                                Registering.class,
                                "dispatchOrAddCallbacks",
                                named("dispatchOrAddCallbacks").and(takesArguments(2))))
                        .visit(Hooks.advice(
                                CallbacksHandedOver.class,
                                "submitWithValue",
                                named("submitWithValue").and(takesArguments(2))))
                        .visit(Hooks.advice(
                                IsCompleted.class,
                                "isCompleted",
                                named("isCompleted").and(takesArguments(0)))))
                .type(named(HookedTypes.SUCCESS).or(named(HookedTypes.FAILURE)))
                .transform((builder, type, loader, module, domain) ->
                        StateField.add(builder).visit(Hooks.advice(Resolved.class, "<init>", isConstructor())));
    }

    /** Scala's combinators that may register nothing, or register by what they find (name, and how many arguments it takes); then {@code foreach}. */
    private static final List<Map.Entry<String, Integer>> COMBINATORS = List.of(
            Map.entry("map", 2),
            Map.entry("flatMap", 2),
            Map.entry("collect", 2),
            Map.entry("filter", 2),
            Map.entry("recover", 2),
            Map.entry("recoverWith", 2),
            Map.entry("mapTo", 1),
            Map.entry("zipWith", 3));

    private static DynamicType.Builder<?> combinators(DynamicType.Builder<?> builder) {
        for (Map.Entry<String, Integer> c : COMBINATORS) {
            builder = builder.visit(Hooks.advice(
                    Combinator.class,
                    c.getKey(),
                    named(c.getKey()).and(takesArguments(c.getValue())).and(isPublic())));
        }
        return builder.visit(Hooks.advice(
                Foreach.class,
                "foreach",
                named("foreach").and(takesArguments(2)).and(isPublic())));
    }

    static final class Registered {
        @Advice.OnMethodExit(suppress = Throwable.class)
        static void exit(@Advice.This Object transformation, @Advice.FieldValue("_fun") Object function) {
            Callbacks.registered(transformation, function);
        }
    }

    static final class Run {
        @Advice.OnMethodEnter(suppress = Throwable.class)
        static Object enter(@Advice.This Object transformation, @Advice.FieldValue("_arg") Object result) {
            return Callbacks.enter(transformation, result);
        }

        @Advice.OnMethodExit(suppress = Throwable.class, onThrowable = Throwable.class)
        static void exit(@Advice.Enter Object previous) {
            Callbacks.exit(previous);
        }
    }

    static final class Completing {
        @Advice.OnMethodEnter(suppress = Throwable.class)
        static long enter(
                @Advice.This Object promise, @Advice.Argument(0) Object state, @Advice.Argument(1) Object result) {
            return Callbacks.completing(promise, state, result);
        }

        @Advice.OnMethodExit(suppress = Throwable.class, onThrowable = Throwable.class)
        static void exit(@Advice.Enter long completion, @Advice.Return boolean completed) {
            Callbacks.completed(completion, completed); // thrown: not completed
        }
    }

    static final class Value {
        @Advice.OnMethodExit(suppress = Throwable.class)
        static void exit(
                @Advice.This Object promise,
                @Advice.Return(readOnly = false, typing = Assigner.Typing.DYNAMIC) Object value) {
            value = FutureReads.value(promise, value);
        }
    }

    static final class Registering {
        @Advice.OnMethodEnter(suppress = Throwable.class)
        static void enter(
                @Advice.This Object promise, @Advice.Argument(0) Object state, @Advice.Argument(1) Object callbacks) {
            FutureReads.registering(promise, state, callbacks);
        }

        @Advice.OnMethodExit(suppress = Throwable.class, onThrowable = Throwable.class)
        static void exit() {
            FutureReads.registered();
        }
    }

    static final class CallbacksHandedOver {
        @Advice.OnMethodEnter(suppress = Throwable.class)
        static void enter(@Advice.Argument(0) Object callbacks, @Advice.Argument(1) Object result) {
            Callbacks.submitting(result);
            FutureReads.runningAtOnce(callbacks);
        }
    }

    /** A combinator that may register nothing (map, recover, ...), or registers by what it finds (zipWith): it registers as recorded. */
    static final class Combinator {
        @Advice.OnMethodEnter(skipOn = Advice.OnNonDefaultValue.class, suppress = Throwable.class)
        static Object enter(
                @Advice.This Object promise,
                @Advice.Origin("#m") String method,
                @Advice.AllArguments Object[] arguments) {
            return FutureReads.combinator(promise, method, arguments);
        }

        @Advice.OnMethodExit(suppress = Throwable.class)
        static void exit(
                @Advice.This Object promise,
                @Advice.Origin("#m") String method,
                @Advice.AllArguments Object[] arguments,
                @Advice.Enter Object instead,
                @Advice.Return(readOnly = false, typing = Assigner.Typing.DYNAMIC) Object returned) {
            returned = instead != null ? instead : FutureReads.combinatorEnded(promise, method, arguments, returned);
        }
    }

    static final class Foreach {
        @Advice.OnMethodEnter(skipOn = Advice.OnNonDefaultValue.class, suppress = Throwable.class)
        static Object enter(
                @Advice.This Object promise,
                @Advice.Origin("#m") String method,
                @Advice.AllArguments Object[] arguments) {
            return FutureReads.combinator(promise, method, arguments);
        }

        @Advice.OnMethodExit(suppress = Throwable.class)
        static void exit(
                @Advice.This Object promise,
                @Advice.Origin("#m") String method,
                @Advice.AllArguments Object[] arguments,
                @Advice.Enter Object instead) {
            if (instead == null) {
                FutureReads.combinatorEnded(promise, method, arguments, null);
            }
        }
    }

    static final class IsCompleted {
        @Advice.OnMethodExit(suppress = Throwable.class)
        static void exit(@Advice.This Object promise, @Advice.Return(readOnly = false) boolean completed) {
            completed = FutureReads.isCompleted(promise, completed);
        }
    }

    static final class Resolved {
        @Advice.OnMethodExit(suppress = Throwable.class)
        static void exit(@Advice.This Object result) {
            Callbacks.resolved(result);
        }
    }
}
