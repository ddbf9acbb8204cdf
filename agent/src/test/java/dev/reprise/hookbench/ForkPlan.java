package dev.reprise.hookbench;

import dev.reprise.testsupport.SamplePrograms;
import java.io.File;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.stream.Collectors;
import org.openjdk.jmh.profile.GCProfiler;
import org.openjdk.jmh.runner.options.ChainedOptionsBuilder;
import org.openjdk.jmh.runner.options.OptionsBuilder;
import org.openjdk.jmh.runner.options.TimeValue;
import org.openjdk.jmh.runner.options.VerboseMode;

/**
 * How one JMH fork of {@link HookBenchmark} is run: iterations, JVM options and, for a recorded
 * fork, the packaged agent with its trace directory.
 */
record ForkPlan(int warmups, TimeValue warmupTime, int measurements, TimeValue measurementTime) {
    /**
     * About 2 to 3 minutes for 18 forks. A recorded fork starts its warm-up once the agent's
     * start-up thread is done (see {@code HookBenchmark}); its first second is still slower.
     */
    static final ForkPlan QUICK = new ForkPlan(3, TimeValue.seconds(1), 3, TimeValue.milliseconds(500));
    /** About 6 to 7 minutes for 27 forks. */
    static final ForkPlan FULL = new ForkPlan(5, TimeValue.seconds(1), 5, TimeValue.seconds(1));
    /** For the test that checks a recorded fork's trace: as short as JMH allows. */
    static final ForkPlan PROBE = new ForkPlan(1, TimeValue.milliseconds(200), 1, TimeValue.milliseconds(300));

    /** JMH's harness and the benchmark's own classes are not the application: their clock calls are not recorded. */
    static final String AGENT_EXCLUDE = "org.openjdk.jmh;dev.reprise.hookbench";

    /** Seconds one fork takes on average, start-up (Akka; the agent's, about 4 s) included: for progress lines. */
    double seconds() {
        return 4
                + warmups * warmupTime.convertTo(java.util.concurrent.TimeUnit.MILLISECONDS) / 1000.0
                + measurements * measurementTime.convertTo(java.util.concurrent.TimeUnit.MILLISECONDS) / 1000.0;
    }

    /**
     * JMH options for one fork of {@code benchmark} (a method of {@link HookBenchmark}); with
     * {@code agentJar} non-null the fork records to {@code trace}. The fork appends what it
     * processed to {@code counts}.
     */
    ChainedOptionsBuilder options(String benchmark, Path agentJar, Path trace, Path counts) {
        List<String> jvm = new ArrayList<>(List.of(
                "--sun-misc-unsafe-memory-access=allow",
                "-Xms1g",
                "-Xmx1g",
                "-D" + HookBenchmark.COUNTS_PROPERTY + "=" + counts));
        if (agentJar != null) {
            jvm.add("-javaagent:" + agentJar + "=record,trace=" + trace + ",exclude=" + AGENT_EXCLUDE);
        }
        return new OptionsBuilder()
                .include("^" + HookBenchmark.class.getName().replace(".", "\\.") + "\\." + benchmark + "$")
                .forks(1)
                .warmupIterations(warmups)
                .warmupTime(warmupTime)
                .measurementIterations(measurements)
                .measurementTime(measurementTime)
                .jvmArgs(jvm.toArray(String[]::new))
                .addProfiler(GCProfiler.class)
                .addProfiler(CpuProfiler.class)
                .shouldFailOnError(true)
                .verbosity(VerboseMode.SILENT);
    }

    /**
     * JMH starts each fork with this JVM's {@code java.class.path}. The forks get only what the
     * program needs (test classes, Akka and its libraries, JMH and its libraries): Reprise's own
     * modules on it would shadow the classes of the packaged agent jar.
     */
    static void narrowClassPathForForks() {
        String cp = Arrays.stream(System.getProperty("java.class.path").split(File.pathSeparator))
                .filter(ForkPlan::programEntry)
                .collect(Collectors.joining(File.pathSeparator));
        System.setProperty("java.class.path", cp);
    }

    private static boolean programEntry(String p) {
        String name =
                Path.of(p).getFileName() == null ? p : Path.of(p).getFileName().toString();
        return p.endsWith("agent" + File.separator + "target" + File.separator + "test-classes")
                || SamplePrograms.isAkkaOrItsLibraries(p)
                || name.startsWith("jmh-core")
                || name.startsWith("jopt-simple")
                || name.startsWith("commons-math3");
    }
}
