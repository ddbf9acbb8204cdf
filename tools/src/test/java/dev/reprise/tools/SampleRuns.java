package dev.reprise.tools;

import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.reprise.testsupport.SamplePrograms;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Pattern;

/**
 * How the sample programs' tests run a program: recorded {@value #RUNS} times through {@code
 * ./reprise record}, each recording replayed through {@code ./reprise replay}, and the two
 * outputs compared line for line, Akka's log lines without what no replay controls (their
 * timestamp, the dispatcher thread, the identity hash in a lifecycle line and the fork-join frames
 * under a logged stack trace). Each run's trace, output and errors stay in {@code
 * tools/target/samples-it}.
 */
final class SampleRuns {
    static final int RUNS = 3;
    private static final Path WORK = Cli.ROOT.resolve("tools/target/samples-it");

    private SampleRuns() {}

    /** Records {@code main} {@value #RUNS} times and replays each recording; fails with every mismatch. */
    static void recordAndReplay(Class<?> main, String stdin) throws Exception {
        Path dir = WORK.resolve(main.getSimpleName());
        Cli.deleteTree(dir);
        Files.createDirectories(dir);
        Path input = null;
        if (stdin != null) {
            input = dir.resolve("stdin.txt");
            Files.writeString(input, stdin, StandardCharsets.UTF_8);
        }
        List<String> failures = new ArrayList<>();
        int matched = 0;
        for (int run = 1; run <= RUNS; run++) {
            Path runDir = Files.createDirectories(dir.resolve("run" + run));
            Path trace = runDir.resolve("trace");
            ScriptRun record = script("record", runDir, input, trace, main);
            if (record.exit() != 0) {
                failures.add("run " + run + ": the recording exited " + record.exit() + "\n" + record.show());
                continue;
            }
            List<String> added = record.out().stream()
                    .filter(l -> l.contains("[SECURITY]") || l.contains("[reprise]"))
                    .toList();
            if (!added.isEmpty()) {
                failures.add("run " + run + ": the recording printed lines no plain run prints: " + added);
            }
            ScriptRun replay = script("replay", runDir, input, trace, main);
            List<String> recorded = normalise(record.out());
            List<String> replayed = normalise(replay.out());
            boolean same = recorded.equals(replayed);
            if (replay.exit() == 0 && same) {
                matched++;
                continue;
            }
            StringBuilder why = new StringBuilder("run " + run + ": ");
            if (replay.exit() != 0) {
                why.append("the replay exited ")
                        .append(replay.exit())
                        .append(meaning(replay.exit()))
                        .append(same ? "" : "; ");
            }
            if (!same) {
                why.append("the replay printed other lines than the recording");
            }
            why.append("\n--- diff of stdout (- recording, + replay)\n")
                    .append(same ? "(none)\n" : diff(recorded, replayed))
                    .append(record.show())
                    .append(replay.show());
            failures.add(why.toString());
        }
        String summary = main.getSimpleName() + ": " + matched + " of " + RUNS + " replays matched their recording "
                + "(traces and output in " + dir + ")";
        System.out.println(summary);
        assertTrue(failures.isEmpty(), () -> summary + "\n\n" + String.join("\n\n", failures));
    }

    /** {@code ./reprise COMMAND --trace TRACE -- -cp ... MAIN} run in {@code runDir}, {@code input} on stdin. */
    private static ScriptRun script(String command, Path runDir, Path input, Path trace, Class<?> main) {
        return ScriptRun.run(
                runDir,
                command,
                input,
                command,
                "--trace",
                trace.toString(),
                "--",
                "-cp",
                programClassPath(main),
                main.getName());
    }

    private static String meaning(int exit) {
        return switch (exit) {
            case 86 -> " (diverged)";
            case 87 -> " (the end of a truncated recording)";
            case -1 -> " (killed after " + ScriptRun.LIMIT.toSeconds() + " s)";
            default -> "";
        };
    }

    /** The program's class path: the samples module, Akka, Scala and Config; the agent jar brings the rest. */
    static String programClassPath(Class<?> main) {
        return SamplePrograms.classPath(main);
    }

    /**
     * An Akka log line's level (and marker) and source, without its timestamp and thread:
     * {@code [INFO] [time] [thread] [source] text}, or {@code [INFO] [akkaDeadLetter][time] [thread] [source] text}
     * (Pekko's marker: {@code [pekkoDeadLetter]}).
     */
    private static final Pattern LOG_LINE = Pattern.compile(
            "^\\[(DEBUG|INFO|WARN|ERROR)\\] (\\[(?:akka|pekko)[A-Za-z]+\\])? ?\\[[^\\]]*\\] \\[[^\\]]*\\] ");
    /** An actor instance's identity hash, as Akka's lifecycle debug lines print it. */
    private static final Pattern IDENTITY = Pattern.compile("@[0-9a-f]{1,8}\\)$");

    /** The lines to compare: Akka's log lines without what no replay controls (see the class comment). */
    static List<String> normalise(List<String> lines) {
        List<String> result = new ArrayList<>();
        for (String line : lines) {
            if (line.startsWith("\tat java.base/java.util.concurrent.ForkJoin")) {
                continue; // how the pool's thread came to run the actor
            }
            java.util.regex.Matcher m = LOG_LINE.matcher(line);
            String l = m.find()
                    ? "[" + m.group(1) + "] " + (m.group(2) == null ? "" : m.group(2) + " ") + line.substring(m.end())
                    : line;
            result.add(IDENTITY.matcher(l).replaceFirst("@...)"));
        }
        return result;
    }

    /** A line diff (longest common subsequence) with two lines of context, at most 80 lines. */
    static String diff(List<String> a, List<String> b) {
        int n = a.size();
        int m = b.size();
        int[][] lcs = new int[n + 1][m + 1];
        for (int i = n - 1; i >= 0; i--) {
            for (int j = m - 1; j >= 0; j--) {
                lcs[i][j] = a.get(i).equals(b.get(j)) ? lcs[i + 1][j + 1] + 1 : Math.max(lcs[i + 1][j], lcs[i][j + 1]);
            }
        }
        List<String> ops = new ArrayList<>(); // "  x", "- x", "+ x"
        int i = 0;
        int j = 0;
        while (i < n || j < m) {
            if (i < n && j < m && a.get(i).equals(b.get(j))) {
                ops.add("  " + a.get(i++));
                j++;
            } else if (j < m && (i == n || lcs[i][j + 1] >= lcs[i + 1][j])) {
                ops.add("+ " + b.get(j++));
            } else {
                ops.add("- " + a.get(i++));
            }
        }
        StringBuilder out = new StringBuilder();
        int shown = 0;
        int lastShown = -1;
        for (int k = 0; k < ops.size() && shown < 80; k++) {
            boolean near = false;
            for (int d = -2; d <= 2 && !near; d++) {
                int x = k + d;
                near = x >= 0 && x < ops.size() && !ops.get(x).startsWith("  ");
            }
            if (!near) {
                continue;
            }
            if (lastShown >= 0 && k > lastShown + 1) {
                out.append("  ...\n");
            }
            out.append(ops.get(k)).append('\n');
            lastShown = k;
            shown++;
        }
        if (shown == 80) {
            out.append("  ... (more differences)\n");
        }
        return out.toString();
    }
}
