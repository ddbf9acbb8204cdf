package dev.reprise.tools.bench;

import java.io.File;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Collectors;
import java.util.stream.Stream;

/**
 * How {@code bench truffle} starts a Tide benchmark JVM ({@code dev.reprise.tide.bench.TideBenchMain}):
 * on the Graal-compiled engine, as the runtime/truffle README runs Tide, from a built
 * {@code runtime/truffle} directory.
 *
 * @param java the java executable
 * @param truffle the {@code runtime/truffle} module directory, after {@code mvn package}
 */
record TideLaunch(String java, Path truffle) {
    private static final String MAIN = "dev.reprise.tide.bench.TideBenchMain";

    /** What must exist in a built module; a missing one is named with the command that builds it. */
    static List<Path> required(Path truffle) {
        Path target = truffle.resolve("target");
        return List.of(
                target.resolve("lib"),
                target.resolve("compiler"),
                target.resolve("classes"),
                truffle.resolve("src/test/tide/savina"));
    }

    /** The Savina programs in Tide. */
    Path programs() {
        return truffle.resolve("src/test/tide/savina");
    }

    /** The class path: the Truffle runtime's jars (target/lib) and the module's classes. */
    String classPath() throws IOException {
        try (Stream<Path> jars = Files.list(truffle.resolve("target/lib"))) {
            return Stream.concat(
                            jars.filter(p -> p.toString().endsWith(".jar"))
                                    .sorted()
                                    .map(Path::toString),
                            Stream.of(truffle.resolve("target/classes").toString()))
                    .collect(Collectors.joining(File.pathSeparator));
        }
    }

    /**
     * The command of one benchmark JVM.
     *
     * @param jvmOptions extra JVM options (e.g. the compilation log's)
     * @param mainArguments TideBenchMain's arguments
     */
    List<String> command(List<String> jvmOptions, List<String> mainArguments) throws IOException {
        List<String> cmd = new ArrayList<>(List.of(
                java,
                "-XX:+UnlockExperimentalVMOptions",
                "-XX:+EnableJVMCI",
                "--upgrade-module-path=" + truffle.resolve("target/compiler"),
                "--enable-native-access=ALL-UNNAMED",
                "--sun-misc-unsafe-memory-access=allow",
                "-Xms1g",
                "-Xmx1g"));
        cmd.addAll(jvmOptions);
        cmd.addAll(List.of("-cp", classPath(), MAIN));
        cmd.addAll(mainArguments);
        return cmd;
    }

    /** TideBenchMain's arguments for at most {@code iterations} runs of {@code bench}, with further flags (a trace's, {@code --until-quiet}) or none. */
    List<String> arguments(TideBenchmark bench, boolean quick, int iterations, List<String> flags) {
        List<String> args = new ArrayList<>(List.of("--iterations", Integer.toString(iterations)));
        args.addAll(flags);
        args.add(programs().resolve(bench.file()).toString());
        args.addAll(bench.arguments(quick));
        return args;
    }
}
