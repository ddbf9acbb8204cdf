package dev.reprise.agent.instrumentation;

import static net.bytebuddy.matcher.ElementMatchers.isSynthetic;
import static net.bytebuddy.matcher.ElementMatchers.nameStartsWith;

import dev.reprise.agent.AgentLog;
import java.lang.instrument.Instrumentation;
import java.util.function.Predicate;
import net.bytebuddy.ByteBuddy;
import net.bytebuddy.agent.builder.AgentBuilder;
import net.bytebuddy.dynamic.scaffold.TypeValidation;
import net.bytebuddy.matcher.ElementMatchers;
import net.bytebuddy.description.type.TypeDescription;
import net.bytebuddy.dynamic.DynamicType;
import net.bytebuddy.utility.JavaModule;

/** Installs every instrumentation; must run before any Akka or Scala class loads. */
public final class Instrumentations {
    private Instrumentations() {}

    public static void install(Instrumentation inst, Predicate<String> recordsCallsIn, boolean replay) throws Exception {
        // Scala classes name parameters "default", which ByteBuddy's validation of Java names refuses;
        // lambda bodies are synthetic methods, which ByteBuddy leaves alone unless told otherwise.
        AgentBuilder agent = new AgentBuilder.Default(new ByteBuddy().with(TypeValidation.DISABLED)
                .ignore(ElementMatchers.none()))
                .with(AgentBuilder.DescriptionStrategy.Default.POOL_ONLY)
                .with(AgentBuilder.InitializationStrategy.NoOp.INSTANCE)
                .with(new Listener())
                .ignore(nameStartsWith("net.bytebuddy.").or(nameStartsWith("dev.reprise.agent."))
                        .or(nameStartsWith("dev.reprise.runtime.")).or(nameStartsWith("dev.reprise.replay."))
                        .or(nameStartsWith("dev.reprise.trace."))
                        .or(nameStartsWith("dev.reprise.api.")).or(nameStartsWith("dev.reprise.shaded."))
                        .or(isSynthetic()));
        agent = EnvelopeInstrumentation.apply(agent);
        agent = ActorCellInstrumentation.apply(agent);
        agent = ActorRefInstrumentation.apply(agent);
        agent = CreationInstrumentation.apply(agent);
        agent = SchedulerInstrumentation.apply(agent);
        agent = ScalaPromiseInstrumentation.apply(agent);
        agent = StageInstrumentation.apply(agent);
        agent = ThreadsInstrumentation.apply(agent);
        agent = NondeterministicCallsInstrumentation.apply(agent, recordsCallsIn);
        if (replay) {
            agent = ReplayMailboxInstrumentation.apply(agent);
        }
        agent.installOn(inst);
    }

    /** Instrumentation failures: said once per type, the class loads unchanged. */
    private static final class Listener extends AgentBuilder.Listener.Adapter {
        @Override
        public void onTransformation(TypeDescription type, ClassLoader loader, JavaModule module, boolean loaded,
                                     DynamicType dynamicType) {
            AgentLog.debug("instrumented " + type.getName());
        }

        @Override
        public void onError(String typeName, ClassLoader loader, JavaModule module, boolean loaded, Throwable error) {
            AgentLog.internalError("instrumenting " + typeName, error);
        }
    }
}
