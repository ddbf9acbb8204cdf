package dev.reprise.agent.instrumentation;

import static net.bytebuddy.matcher.ElementMatchers.isConstructor;
import static net.bytebuddy.matcher.ElementMatchers.named;
import static net.bytebuddy.matcher.ElementMatchers.takesArguments;

import dev.reprise.agent.context.SelectorTasks;
import dev.reprise.agent.io.AkkaIo;
import net.bytebuddy.agent.builder.AgentBuilder;
import net.bytebuddy.asm.Advice;

/**
 * Akka IO's selector ({@code SelectionHandler$ChannelRegistryImpl}): its tasks run as the outside
 * context its selection handler started ({@link SelectorTasks}), and whether it watches a channel
 * is the mode's choice: in replay it watches none, since what it said comes from the trace.
 */
final class ChannelRegistryInstrumentation {
    private ChannelRegistryInstrumentation() {}

    static AgentBuilder apply(AgentBuilder agent) {
        return agent.type(named(HookedTypes.CHANNEL_REGISTRY))
                .transform((builder, type, loader, module, domain) -> builder.visit(
                                Hooks.advice(Made.class, "<init>", isConstructor()))
                        .visit(Hooks.advice(
                                Register.class, "register", named("register").and(takesArguments(3)))))
                .type(named(HookedTypes.CHANNEL_REGISTRY_TASK))
                .transform((builder, type, loader, module, domain) -> builder.visit(
                        Hooks.advice(Run.class, "run", named("run").and(takesArguments(0)))));
    }

    static final class Made {
        @Advice.OnMethodExit(suppress = Throwable.class)
        static void exit(@Advice.This Object registry) {
            SelectorTasks.registryMade(registry);
        }
    }

    static final class Register {
        /** Skips the registration when the mode's network does not watch channels. */
        @Advice.OnMethodEnter(skipOn = Advice.OnNonDefaultValue.class, suppress = Throwable.class)
        static boolean enter(@Advice.Argument(0) Object channel, @Advice.Argument(2) Object actor) {
            return !AkkaIo.registers(channel, actor);
        }
    }

    static final class Run {
        @Advice.OnMethodEnter(suppress = Throwable.class)
        static Object enter(@Advice.FieldValue("$outer") Object registry) {
            return SelectorTasks.taskStarts(registry);
        }

        @Advice.OnMethodExit(suppress = Throwable.class, onThrowable = Throwable.class)
        static void exit(@Advice.Enter Object entered) {
            SelectorTasks.taskEnds(entered);
        }
    }
}
