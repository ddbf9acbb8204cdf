package dev.reprise.agent.instrumentation;

import static net.bytebuddy.matcher.ElementMatchers.isDeclaredBy;
import static net.bytebuddy.matcher.ElementMatchers.named;
import static net.bytebuddy.matcher.ElementMatchers.takesArguments;

import dev.reprise.agent.context.FutureReads;
import net.bytebuddy.agent.builder.AgentBuilder;
import net.bytebuddy.asm.MemberSubstitution;

/**
 * {@code scala.concurrent.Await$.result} and {@code ready}: Scala 2.13 first asks a future whether
 * it is complete, only to choose whether to block; that question goes through {@link
 * FutureReads#awaitLooks}, which is not recorded (the result never depends on its answer).
 */
final class AwaitInstrumentation {
    private AwaitInstrumentation() {}

    static AgentBuilder apply(AgentBuilder agent) {
        return agent.type(named(HookedTypes.AWAIT))
                .transform((builder, type, loader, module, domain) -> builder.visit(Hooks.substitution(
                        MemberSubstitution.relaxed()
                                .method(named("isCompleted")
                                        .and(takesArguments(0))
                                        .and(isDeclaredBy(named("scala.concurrent.Future"))))
                                .replaceWith(Hooks.helper(FutureReads.class, "awaitLooks", Object.class)),
                        "result, ready",
                        named("result").or(named("ready")).and(takesArguments(2)))));
    }
}
