package dev.reprise.agent.instrumentation;

import static net.bytebuddy.matcher.ElementMatchers.named;
import static net.bytebuddy.matcher.ElementMatchers.takesArguments;

import dev.reprise.agent.actor.Creations;
import net.bytebuddy.agent.builder.AgentBuilder;
import net.bytebuddy.asm.Advice;
import net.bytebuddy.implementation.bytecode.assign.Assigner;

/**
 * Where actors are created: {@code Children.makeChild} (every child and top-level actor, on the
 * creator's thread; an anonymous one's name too), {@code Children.addFunctionRef} (a ref that runs
 * a function in its owner's turn: Akka Typed's message adapters, a stream stage's actor), {@code
 * PromiseActorRef.apply} (an ask's temp actor) and
 * {@code PromiseActorRef.path} with {@code LocalActorRefProvider.tempPath} (its name, computed
 * lazily and otherwise from a global counter).
 */
final class CreationInstrumentation {
    private CreationInstrumentation() {}

    static AgentBuilder apply(AgentBuilder agent) {
        return agent.type(named(HookedTypes.CHILDREN))
                .transform((builder, type, loader, module, domain) -> builder.visit(Hooks.advice(
                                MakeChild.class, "makeChild", named("makeChild").and(takesArguments(5))))
                        .visit(Hooks.advice(
                                AddFunctionRef.class,
                                "addFunctionRef",
                                named("addFunctionRef").and(takesArguments(2)))))
                .type(named(HookedTypes.PROMISE_ACTOR_REF_COMPANION))
                .transform((builder, type, loader, module, domain) -> builder.visit(
                        Hooks.advice(Ask.class, "apply", named("apply").and(takesArguments(7)))))
                .type(named(HookedTypes.PROMISE_ACTOR_REF))
                .transform((builder, type, loader, module, domain) -> builder.visit(
                        Hooks.advice(Path.class, "path", named("path").and(takesArguments(0)))))
                .type(named(HookedTypes.LOCAL_ACTOR_REF_PROVIDER))
                .transform((builder, type, loader, module, domain) -> builder.visit(Hooks.advice(
                        TempPath.class, "tempPath", named("tempPath").and(takesArguments(1)))));
    }

    static final class MakeChild {
        @Advice.OnMethodEnter(suppress = Throwable.class)
        static Object enter(
                @Advice.This Object parent,
                @Advice.Argument(1) Object props,
                @Advice.Argument(value = 2, readOnly = false) String name) {
            Object reserved = Creations.beforeMakeChild(parent, props, name);
            name = Creations.childName(parent, name, reserved);
            return reserved;
        }

        @Advice.OnMethodExit(suppress = Throwable.class, onThrowable = Throwable.class)
        static void exit(@Advice.Return Object ref, @Advice.Enter Object reserved) {
            Creations.afterMakeChild(ref, reserved);
        }
    }

    static final class AddFunctionRef {
        @Advice.OnMethodEnter(suppress = Throwable.class)
        static Object enter() {
            return Creations.beforeFunctionRef();
        }

        @Advice.OnMethodExit(suppress = Throwable.class, onThrowable = Throwable.class)
        static void exit(@Advice.Return Object ref, @Advice.Enter Object reserved) {
            Creations.afterMakeChild(ref, reserved);
        }
    }

    static final class Ask {
        @Advice.OnMethodEnter(suppress = Throwable.class)
        static Object enter() {
            return Creations.beforeAsk();
        }

        @Advice.OnMethodExit(suppress = Throwable.class, onThrowable = Throwable.class)
        static void exit(@Advice.Return Object ref, @Advice.Enter Object reserved) {
            Creations.afterAsk(ref, reserved);
        }
    }

    static final class Path {
        @Advice.OnMethodEnter(suppress = Throwable.class)
        static Object enter(@Advice.This Object promiseRef) {
            return Creations.namingTemp(promiseRef);
        }

        @Advice.OnMethodExit(suppress = Throwable.class, onThrowable = Throwable.class)
        static void exit(@Advice.Enter Object previous) {
            Creations.namedTemp(previous);
        }
    }

    static final class TempPath {
        @Advice.OnMethodExit(suppress = Throwable.class)
        static void exit(
                @Advice.Argument(0) String prefix,
                @Advice.Return(readOnly = false, typing = Assigner.Typing.DYNAMIC) Object path) {
            path = Creations.tempPath(path, prefix);
        }
    }
}
