package dev.reprise.agent;

import dev.reprise.agent.flavour.Flavour;
import dev.reprise.agent.flavour.RenamedClasses;
import dev.reprise.agent.health.AgentLog;
import java.lang.instrument.Instrumentation;

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
        chooseFlavour(inst);
        AgentStart.start(argument, inst, true);
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

    /**
     * Akka or Pekko, as the application's class path holds it: for Pekko the agent's classes load
     * renamed from here on. Akka when the class path has neither (the agent then refuses to start),
     * or both (said).
     */
    private static void chooseFlavour(Instrumentation inst) {
        ClassLoader system = ClassLoader.getSystemClassLoader();
        boolean akka = Flavour.AKKA.isIn(system);
        boolean pekko = Flavour.PEKKO.isIn(system);
        if (akka && pekko) {
            AgentLog.warn("both Akka " + Flavour.AKKA.versionIn(system) + " and Pekko "
                    + Flavour.PEKKO.versionIn(system) + " are on the class path: Reprise records Akka's actors only");
        }
        Flavour flavour = pekko && !akka ? Flavour.PEKKO : Flavour.AKKA;
        Flavour.choose(flavour);
        RenamedClasses.install(inst, flavour, RepriseAgent.class.getClassLoader());
    }
}
