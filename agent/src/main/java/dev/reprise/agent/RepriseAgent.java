package dev.reprise.agent;

import dev.reprise.agent.context.AgentCopy;
import dev.reprise.agent.flavour.Flavour;
import dev.reprise.agent.flavour.RenamedClasses;
import dev.reprise.agent.health.AgentLog;
import dev.reprise.runtime.Recorder;
import java.lang.instrument.ClassFileTransformer;
import java.lang.instrument.Instrumentation;
import java.util.Map;

/**
 * The Reprise agent: {@code -javaagent:reprise-agent.jar=record,trace=DIR[,key=value...]} or
 * {@code =replay,trace=DIR[,quiet=10s][,end=stop|live][,verbose=true]}. It instruments Akka (or
 * Pekko), Scala futures and the JDK's clock and random generators, and records, or replays a
 * recording ({@link AgentStart}). This class chooses the flavour first, and names no class that
 * names Akka's types: for Pekko those load renamed ({@link RenamedClasses}), so none may load
 * before.
 */
public final class RepriseAgent {
    private RepriseAgent() {}

    public static void premain(String argument, Instrumentation inst) {
        if (onClassPath() == null) {
            AgentStart.startBeforeAkka(argument, inst);
        } else {
            chooseFlavour(inst);
            AgentStart.start(argument, inst, true);
        }
    }

    /**
     * Starts this copy of the agent's classes, which {@code LoaderStart} defined in the class
     * loader that loads the application's {@code flavour} (Spring Boot's, a plugin's), as that
     * loader defines its first class; {@code recorder} is a recording's trace, begun at premain,
     * {@code main} the thread that ran premain, {@code copy} the number of this copy among those
     * started in loaders and {@code shared} what they share ({@link AgentCopy}).
     * Returns the transformer of that loader's Akka and Scala types, null if the agent did not
     * start. Called by reflection: the caller is the agent's copy in the system class loader.
     */
    public static ClassFileTransformer startInLoader(
            String argument,
            Instrumentation inst,
            String flavour,
            Recorder recorder,
            Thread main,
            int copy,
            Map<String, Object> shared) {
        Flavour.choose(Flavour.valueOf(flavour));
        return AgentStart.startInLoader(argument, inst, true, recorder, main, new AgentCopy(copy, true, shared));
    }

    /**
     * Attaching to a running JVM (the JUnit extension): nothing of Akka or Scala may have been
     * loaded yet; errors are thrown instead of stopping the JVM, and a divergence is kept for the
     * test to report instead of stopping the JVM.
     */
    public static void agentmain(String argument, Instrumentation inst) {
        chooseFlavour(inst);
        AgentStart.start(argument, inst, false);
    }

    /** The flavour on the application's class path: Akka when it has both, null for neither. */
    private static Flavour onClassPath() {
        return Flavour.heldBy(ClassLoader.getSystemClassLoader());
    }

    /**
     * Akka or Pekko, as the application's class path holds it: for Pekko the agent's classes load
     * renamed from here on. Both: Akka, said.
     */
    private static void chooseFlavour(Instrumentation inst) {
        ClassLoader system = ClassLoader.getSystemClassLoader();
        Flavour flavour = onClassPath();
        if (flavour == null) { // agentmain: the agent then refuses to start
            flavour = Flavour.AKKA;
        } else if (flavour == Flavour.AKKA && Flavour.PEKKO.isIn(system)) {
            AgentLog.warn("both Akka " + Flavour.AKKA.versionIn(system) + " and Pekko "
                    + Flavour.PEKKO.versionIn(system) + " are on the class path: Reprise records Akka's actors only");
        }
        Flavour.choose(flavour);
        RenamedClasses.install(inst, flavour, RepriseAgent.class.getClassLoader());
    }
}
