package dev.reprise.agent.instrumentation;

import static net.bytebuddy.matcher.ElementMatchers.isDeclaredBy;
import static net.bytebuddy.matcher.ElementMatchers.named;
import static net.bytebuddy.matcher.ElementMatchers.takesArguments;

import dev.reprise.agent.context.FutureReads;
import net.bytebuddy.agent.builder.AgentBuilder;
import net.bytebuddy.asm.MemberSubstitution;

/**
 * {@code scala.concurrent.Await$.result} and {@code ready}: Scala 2.13 first asks a future whether
 * it is complete ({@code isCompleted}; {@code result} from 2.13.13 asks for its value through
 * {@code Await$FutureValue$.unapply}), only to choose whether to block; that question goes through
 * {@link FutureReads#awaitLooks} or {@link FutureReads#awaitValue}, which are not recorded (the
 * result never depends on the answer).
 */
final class AwaitInstrumentation {
    private static final String FUTURE = "scala.concurrent.Future";

    private AwaitInstrumentation() {}

    static AgentBuilder apply(AgentBuilder agent) {
        return agent.type(named(HookedTypes.AWAIT))
                .transform((builder, type, loader, module, domain) -> builder.visit(Hooks.substitution(
                        MemberSubstitution.relaxed()
                                .method(named("isCompleted")
                                        .and(takesArguments(0))
                                        .and(isDeclaredBy(named(FUTURE))))
                                .replaceWith(Hooks.helper(FutureReads.class, "awaitLooks", Object.class)),
                        "result, ready",
                        named("result").or(named("ready")).and(takesArguments(2)))))
                .type(named(HookedTypes.AWAIT_FUTURE_VALUE))
                .transform((builder, type, loader, module, domain) -> builder.visit(Hooks.substitution(
                        MemberSubstitution.relaxed()
                                .method(named("value").and(takesArguments(0)).and(isDeclaredBy(named(FUTURE))))
                                .replaceWith(Hooks.helper(FutureReads.class, "awaitValue", Object.class)),
                        "unapply",
                        named("unapply").and(takesArguments(1)))));
    }
}
