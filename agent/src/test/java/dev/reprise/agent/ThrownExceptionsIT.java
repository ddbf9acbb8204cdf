package dev.reprise.agent;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.reprise.programs.AskStagesProgram;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A recording throws no exception per call: one thrown and suppressed in advice costs a stack trace
 * each time and shows nowhere else (every stage method of an ask's {@code CompletionStage} threw a
 * ClassCastException so, once). The JVM's own exception log counts what was thrown, by exception and
 * throwing method, in two recordings of a program that asks ten times more in the second.
 */
class ThrownExceptionsIT {
    @TempDir
    Path tmp;

    /** "Exception <a 'java/lang/ClassCastException'{0x..}...> ... thrown in compiled method <{method} ... 'name' '(...)' in 'owner'>". */
    private static final Pattern THROWN = Pattern.compile("Exception <a '([^']+)'.*");

    private static final Pattern WHERE = Pattern.compile(
            " thrown in (?:interpreter|compiled) method <\\{method\\} \\{[^}]*\\} '([^']+)' '[^']*' in '([^']+)'>");

    @Test
    void askingTenTimesMoreThrowsNoMoreExceptionsInARecording() throws Exception {
        Map<String, Integer> few = thrown("few", 300);
        Map<String, Integer> many = thrown("many", 3_000);
        Map<String, Integer> grown = new TreeMap<>();
        many.forEach((where, count) -> {
            if (count - few.getOrDefault(where, 0) > 0) {
                grown.put(where, count - few.getOrDefault(where, 0));
            }
        });
        int added = grown.values().stream().mapToInt(Integer::intValue).sum();
        // 2,700 more asks, each through four stage methods. The JIT drops a throw that its compiled code catches
        // itself,
        // so a throw per call shows only until its method is compiled (622 times with the bug this test was written
        // for); a few more are class loading's.
        assertTrue(
                added < 100, "exceptions thrown in the recording grew by " + added + " with 2,700 more asks: " + grown);
    }

    /** Runs the program with the JVM's exception log: thrown exceptions counted by class and the method that threw them. */
    private Map<String, Integer> thrown(String name, int asks) throws Exception {
        Path log = tmp.resolve(name + "-exceptions.log");
        RecordedRun run = RecordedRun.run(
                tmp.resolve(name),
                "-javaagent:" + RecordedRun.agentJar() + "=record,trace=" + tmp.resolve(name),
                // Every throw has its stack trace made, and so logged, however hot its method.
                List.of("-Xlog:exceptions=info:file=" + log, "-XX:-OmitStackTraceInFastThrow"),
                AskStagesProgram.class,
                Integer.toString(asks));
        assertEquals(0, run.exitCode, run.toString());
        long sum = (long) asks * asks; // the sum of 2i + 1 for i below asks
        assertEquals(List.of(sum + " of " + asks + " answers"), run.lines("sum "), run.toString());
        Map<String, Integer> counts = new TreeMap<>();
        String exception = null;
        for (String line : Files.readAllLines(log)) {
            Matcher m = THROWN.matcher(line);
            if (m.find()) {
                exception = m.group(1);
            }
            Matcher w = WHERE.matcher(line);
            if (w.find() && exception != null) {
                // A lambda's class is named by its address, which differs between runs.
                String owner = w.group(2).replaceAll("\\+0x\\p{XDigit}+$", "");
                counts.merge(exception + " in " + owner + "." + w.group(1), 1, Integer::sum);
            }
        }
        return counts;
    }
}
