package dev.reprise.tools.bench;

import java.util.List;

/**
 * A Savina benchmark written in Tide ({@code runtime/truffle/src/test/tide/savina/FILE}) and its
 * sizes, passed as the program's arguments.
 *
 * @param name the Savina name, as in {@code bench savina}
 * @param file the program's file name
 * @param quick the arguments of {@code --quick}: iterations of tens of milliseconds once compiled
 * @param paper the arguments of a full run: SOMns's savina-jit sizes where Tide runs them in well under a second
 */
record TideBenchmark(String name, String file, List<String> quick, List<String> paper) {

    /** The nine programs of issue 16, point 6. */
    static final List<TideBenchmark> ALL = List.of(
            new TideBenchmark("PingPong", "pingpong.tide", List.of("10000"), List.of("40000")),
            new TideBenchmark("Counting", "counting.tide", List.of("50000"), List.of("200000")),
            new TideBenchmark("ThreadRing", "threadring.tide", List.of("100", "20000"), List.of("100", "100000")),
            new TideBenchmark("Chameneos", "chameneos.tide", List.of("100", "10000"), List.of("100", "100000")),
            new TideBenchmark("BigContention", "bigcontention.tide", List.of("120", "100"), List.of("120", "2000")),
            new TideBenchmark("Philosophers", "philosophers.tide", List.of("20", "500"), List.of("20", "5000")),
            new TideBenchmark(
                    "ForkJoinThroughput", "forkjointhroughput.tide", List.of("60", "600"), List.of("60", "3000")),
            new TideBenchmark(
                    "TrapezoidalApproximation", "trapezoidal.tide", List.of("100", "50000"), List.of("100", "1000000")),
            new TideBenchmark("PromiseRace", "promiserace.tide", List.of("3000"), List.of("20000")));

    /** The benchmark called name; null if there is none. */
    static TideBenchmark named(String name) {
        return ALL.stream().filter(b -> b.name().equals(name)).findFirst().orElse(null);
    }

    /** The names, in report order. */
    static List<String> names() {
        return ALL.stream().map(TideBenchmark::name).toList();
    }

    /** The arguments for a quick or full run. */
    List<String> arguments(boolean quickRun) {
        return quickRun ? quick : paper;
    }
}
