package dev.reprise.agent.instrumentation;

import static net.bytebuddy.matcher.ElementMatchers.named;
import static net.bytebuddy.matcher.ElementMatchers.takesArguments;

import dev.reprise.agent.context.SystemCalls;
import net.bytebuddy.agent.builder.AgentBuilder;
import net.bytebuddy.asm.Advice;

/**
 * Akka's own random calls that happen in an actor's turn but are not the application's:
 * {@code ActorCell$.newUid} draws a {@code ThreadLocalRandom} number for every child, which the
 * agent replaces with a uid derived from the child's id anyway; recording it would only cost
 * trace space. {@code EventStream.publish(event, subscriber)} asks whether the subscriber is
 * terminated (to unsubscribe it rather than publish to it): which subscribers there are depends on
 * when they subscribed, which no turn decides, and the answer changes nothing the turn does.
 */
final class AkkaInternalCallsInstrumentation {
    private AkkaInternalCallsInstrumentation() {}

    static AgentBuilder apply(AgentBuilder agent) {
        return agent.type(named(HookedTypes.ACTOR_CELL_COMPANION))
                .transform((builder, type, loader, module, domain) -> builder.visit(
                        Hooks.advice(Unrecorded.class, "newUid", named("newUid").and(takesArguments(0)))))
                .type(named(HookedTypes.EVENT_STREAM))
                .transform((builder, type, loader, module, domain) -> builder.visit(Hooks.advice(
                        Unrecorded.class, "publish", named("publish").and(takesArguments(2)))));
    }

    static final class Unrecorded {
        @Advice.OnMethodEnter(suppress = Throwable.class)
        static Object enter() {
            return SystemCalls.pause();
        }

        @Advice.OnMethodExit(suppress = Throwable.class, onThrowable = Throwable.class)
        static void exit(@Advice.Enter Object paused) {
            SystemCalls.resume(paused);
        }
    }
}
