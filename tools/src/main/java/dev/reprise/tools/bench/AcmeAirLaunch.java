package dev.reprise.tools.bench;

import java.util.ArrayList;
import java.util.List;

/**
 * How the Acme-Air child JVMs run: the JDK, acmeair-port's class path and the agent jar.
 *
 * @param java the {@code java} executable (the one running this command)
 * @param classPath acmeair-port's classes and dependencies
 * @param agentJar the Reprise agent jar
 */
record AcmeAirLaunch(String java, String classPath, String agentJar) {

    /**
     * The start of a child JVM's command line up to the main class.
     *
     * @param heap the fixed heap size, e.g. {@code 1g}
     * @param agentArgument the agent's argument, or null for no agent
     */
    List<String> jvm(String heap, String agentArgument, String mainClass) {
        // Akka uses sun.misc.Unsafe, which JDK 25 refuses without this flag.
        List<String> cmd =
                new ArrayList<>(List.of(java, "--sun-misc-unsafe-memory-access=allow", "-Xms" + heap, "-Xmx" + heap));
        if (agentArgument != null) {
            cmd.add("-javaagent:" + agentJar + "=" + agentArgument);
        }
        cmd.addAll(List.of("-cp", classPath, mainClass));
        return cmd;
    }
}
