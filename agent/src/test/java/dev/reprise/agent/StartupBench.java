package dev.reprise.agent;

import dev.reprise.programs.StartupProgram;
import dev.reprise.testsupport.ChildProcess;
import dev.reprise.testsupport.SamplePrograms;
import java.io.File;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.Collectors;
import java.util.stream.Stream;

/**
 * What the agent adds to a program's start-up (a benchmark, not a test): {@link StartupProgram}
 * with tens of megabytes of libraries on its class path (every artifact of the local Maven
 * repository but Akka, Scala and Reprise, newest version of each), loading thousands of their
 * classes, then starting an actor system and asking an actor with a 1-second timeout. Each round
 * runs the program without the agent, recorded by the agent, and without the agent again, in an
 * order that alternates between rounds; it reports the median of the paired differences (agent
 * minus no agent) with a distribution-free 95% interval, and the same for the two runs without
 * the agent as the noise floor. Wall time, from starting the JVM to its exit.
 *
 * <pre>
 * ./reprise bench startup [--rounds 10] [--classes 4000] [--libs ~/.m2/repository] [--agent-options K=V,...]
 * </pre>
 *
 * (The script runs it with the agent module's test class path, as it runs the JMH benchmarks; the
 * program's class path is the samples module's classes with Akka, Scala and Config.)
 */
public final class StartupBench {
    private StartupBench() {}

    public static void main(String[] args) throws Exception {
        int rounds = 10;
        int classes = 4000;
        Path libs = Path.of(System.getProperty("user.home"), ".m2", "repository");
        Path agent = Path.of("agent/target/reprise-agent.jar");
        String agentOptions = "";
        for (int i = 0; i < args.length; i++) {
            switch (args[i]) {
                case "--rounds" -> rounds = Integer.parseInt(args[++i]);
                case "--classes" -> classes = Integer.parseInt(args[++i]);
                case "--libs" -> libs = Path.of(args[++i]);
                case "--agent" -> agent = Path.of(args[++i]);
                case "--agent-options" -> agentOptions = "," + args[++i];
                case "-h", "--help" -> {
                    System.out.println(
                            "Usage: StartupBench --agent JAR [--rounds N] [--classes N] [--libs DIR] [--agent-options K=V,...]");
                    return;
                }
                default -> throw new IllegalArgumentException("unknown option " + args[i]);
            }
        }
        if (!Files.isRegularFile(agent)) {
            throw new IllegalArgumentException("no agent jar at " + agent);
        }
        java.util.List<Path> jars = libraryJars(libs);
        long bytes = 0;
        for (Path j : jars) {
            bytes += Files.size(j);
        }
        String classPath = programClassPath()
                + File.pathSeparator
                + jars.stream().map(Path::toString).collect(Collectors.joining(File.pathSeparator));
        Path traces = Files.createTempDirectory("startup-bench");
        System.out.printf(
                Locale.ROOT,
                "StartupProgram: up to %d classes from %d library jars (%.1f MB) of %s, then an actor system%n",
                classes,
                jars.size(),
                bytes / 1e6,
                libs);
        String agentFlag = "-javaagent:" + agent.toAbsolutePath() + "=record,trace=";

        // Untimed: fills the file cache, and shows what one run prints.
        System.out.println("warm-up without agent: " + run(classPath, null, classes).line);
        System.out.println("warm-up with agent:    "
                + run(classPath, agentFlag + traces.resolve("warm") + agentOptions, classes).line);

        Run[] base = new Run[rounds];
        Run[] withAgent = new Run[rounds];
        Run[] base2 = new Run[rounds];
        System.out.println("round  no-agent  agent  no-agent   (wall s; CPU s up to the reply)");
        for (int r = 0; r < rounds; r++) {
            String flag = agentFlag + traces.resolve("r" + r) + agentOptions;
            if (r % 2 == 0) {
                base[r] = run(classPath, null, classes);
                withAgent[r] = run(classPath, flag, classes);
                base2[r] = run(classPath, null, classes);
            } else {
                base2[r] = run(classPath, null, classes);
                withAgent[r] = run(classPath, flag, classes);
                base[r] = run(classPath, null, classes);
            }
            System.out.printf(
                    Locale.ROOT,
                    "%5d  %8.3f  %5.3f  %8.3f   (%.2f %.2f %.2f)%n",
                    r + 1,
                    base[r].seconds,
                    withAgent[r].seconds,
                    base2[r].seconds,
                    base[r].cpu,
                    withAgent[r].cpu,
                    base2[r].cpu);
        }
        double[] added = new double[rounds];
        double[] noise = new double[rounds];
        double[] addedCpu = new double[rounds];
        double[] noiseCpu = new double[rounds];
        double[] b = new double[rounds];
        double[] a = new double[rounds];
        for (int r = 0; r < rounds; r++) {
            added[r] = withAgent[r].seconds - base[r].seconds;
            noise[r] = base2[r].seconds - base[r].seconds;
            addedCpu[r] = withAgent[r].cpu - base[r].cpu;
            noiseCpu[r] = base2[r].cpu - base[r].cpu;
            b[r] = base[r].seconds;
            a[r] = withAgent[r].seconds;
        }
        System.out.printf(Locale.ROOT, "no agent:  median %.3f s%n", median(b));
        System.out.printf(Locale.ROOT, "agent:     median %.3f s%n", median(a));
        System.out.println("agent added, wall (paired):          " + summary(added));
        System.out.println("noise floor, wall (no agent, twice): " + summary(noise));
        System.out.println("agent added, CPU (paired):           " + summary(addedCpu));
        System.out.println("noise floor, CPU (no agent, twice):  " + summary(noiseCpu));
        deleteTree(traces);
    }

    /** Wall time of the JVM, its CPU time up to the reply (from the program's own line), and that line. */
    private record Run(double seconds, double cpu, String line) {}

    private static Run run(String classPath, String agentFlag, int classes) throws Exception {
        ChildProcess child = ChildProcess.java();
        if (agentFlag != null) {
            child.jvmOptions(agentFlag);
        }
        child.classPath(classPath)
                .main(StartupProgram.class, Integer.toString(classes))
                .mergeErrors()
                .timeout(Duration.ofSeconds(300));
        long start = System.nanoTime();
        ChildProcess.Result r = child.run();
        if (r.timedOut()) {
            throw new IllegalStateException("the program did not finish: " + r.out());
        }
        double seconds = (System.nanoTime() - start) / 1e9;
        String output = r.out();
        String line =
                output.lines().filter(l -> l.startsWith("jars ")).findFirst().orElse("");
        if (r.exit() != 0 || !line.contains("reply pong")) {
            throw new IllegalStateException("the program failed (exit " + r.exit() + "): " + output);
        }
        String[] words = line.split(" ");
        double cpu = Double.parseDouble(words[words.length - 1]) / 1000;
        return new Run(seconds, cpu, line);
    }

    /** The newest version of every artifact under {@code repository} but Akka, Scala, Config and Reprise. */
    static java.util.List<Path> libraryJars(Path repository) throws IOException {
        Map<Path, Path> newest = new TreeMap<>();
        try (Stream<Path> files = Files.walk(repository)) {
            for (Path jar : (Iterable<Path>)
                    files.filter(f -> f.toString().endsWith(".jar")).sorted()::iterator) {
                String s = repository.relativize(jar).toString().replace(File.separatorChar, '/');
                String name = jar.getFileName().toString();
                if (s.startsWith("dev/reprise/")
                        || s.startsWith("com/typesafe/")
                        || s.startsWith("org/scala-lang/")
                        || name.endsWith("-sources.jar")
                        || name.endsWith("-javadoc.jar")
                        || name.endsWith("-tests.jar")
                        || jar.getParent() == null
                        || jar.getParent().getParent() == null) {
                    continue;
                }
                newest.put(jar.getParent().getParent(), jar); // artifact folder -> its last version (sorted)
            }
        }
        return new ArrayList<>(newest.values());
    }

    /** The samples' classes, Akka, Scala and Config, from this JVM's class path. */
    private static String programClassPath() {
        return SamplePrograms.classPath(StartupProgram.class);
    }

    static double median(double[] values) {
        double[] s = values.clone();
        Arrays.sort(s);
        int n = s.length;
        return n % 2 == 1 ? s[n / 2] : (s[n / 2 - 1] + s[n / 2]) / 2;
    }

    /**
     * The median and a distribution-free interval for it: the k-th smallest and k-th largest
     * values, with k the largest for which a Binomial(n, 1/2) falls below k with probability at
     * most 2.5% (so the interval covers the median with at least 95%).
     */
    static String summary(double[] values) {
        double[] s = values.clone();
        Arrays.sort(s);
        int n = s.length;
        int k = 0; // 0 = no interval possible
        double below = 0;
        double p = Math.pow(0.5, n);
        double term = p; // P(X = 0)
        for (int j = 0; j < n; j++) {
            below += term; // P(X <= j)
            if (below > 0.025) {
                break;
            }
            k = j + 1;
            term = term * (n - j) / (j + 1);
        }
        if (k == 0) {
            return String.format(
                    Locale.ROOT,
                    "median %+.3f s (%d rounds: too few for a 95%% interval, 6 at least)",
                    median(values),
                    n);
        }
        double coverage = 1 - 2 * binomialBelow(n, k);
        return String.format(
                Locale.ROOT,
                "median %+.3f s, 95%% interval [%+.3f, %+.3f] s (coverage %.1f%%, %d rounds)",
                median(values),
                s[k - 1],
                s[n - k],
                100 * coverage,
                n);
    }

    /** P(X < k) for X ~ Binomial(n, 1/2). */
    private static double binomialBelow(int n, int k) {
        double sum = 0;
        double term = Math.pow(0.5, n);
        for (int j = 0; j < k; j++) {
            sum += term;
            term = term * (n - j) / (j + 1);
        }
        return sum;
    }

    private static void deleteTree(Path dir) throws IOException {
        try (Stream<Path> all = Files.walk(dir)) {
            for (Path f : (Iterable<Path>) all.sorted(Comparator.reverseOrder())::iterator) {
                Files.deleteIfExists(f);
            }
        }
    }
}
