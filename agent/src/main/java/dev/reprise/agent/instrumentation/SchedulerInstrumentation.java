package dev.reprise.agent.instrumentation;

import static net.bytebuddy.matcher.ElementMatchers.named;
import static net.bytebuddy.matcher.ElementMatchers.takesArguments;

import dev.reprise.agent.context.Timers;
import dev.reprise.agent.flavour.Flavour;
import net.bytebuddy.agent.builder.AgentBuilder;
import net.bytebuddy.asm.Advice;
import scala.concurrent.duration.FiniteDuration;

/**
 * {@code LightArrayRevolverScheduler}: every scheduled task (once, fixed rate, fixed delay, and
 * so Timers, receive and ask timeouts) passes through its internal {@code schedule}, where it is
 * wrapped to run in its timer's context, and its delay may be lengthened (a perturbed recording's
 * timer jitter); in replay the handle it returns shows when it is cancelled.
 */
final class SchedulerInstrumentation {
    private SchedulerInstrumentation() {}

    static AgentBuilder apply(AgentBuilder agent) {
        return agent.type(named(HookedTypes.SCHEDULER))
                .transform((builder, type, loader, module, domain) -> builder.visit(Hooks.advice(
                        Schedule.class,
                        "schedule",
                        named(Flavour.current().member("akka$actor$LightArrayRevolverScheduler$$schedule"))
                                .and(takesArguments(3)))));
    }

    static final class Schedule {
        @Advice.OnMethodEnter(suppress = Throwable.class)
        static void enter(
                @Advice.Argument(value = 1, readOnly = false) Runnable task,
                @Advice.Argument(value = 2, readOnly = false) FiniteDuration delay) {
            task = Timers.schedule(task);
            delay = Timers.delay(delay);
        }

        @Advice.OnMethodExit(suppress = Throwable.class)
        static void exit(@Advice.Argument(1) Runnable task, @Advice.Return Object handle) {
            Timers.scheduled(task, handle);
        }
    }
}
