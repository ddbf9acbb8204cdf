package dev.reprise.tools;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.reprise.programs.stuck.HeldStringsProgram;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * A replay that gets stuck with 120 strings from one sender in a mailbox, and ten actors waiting
 * (a {@code greet} recording of {@link HeldStringsProgram} replayed with {@code skip}): its report
 * fits a screen, groups the mailbox with a count, cuts the 30 KB string, lists the application's
 * actors first, and {@code --verbose} shows every waiting actor.
 */
class DivergenceReportIT {
    @BeforeAll
    static void packaged() {
        Cli.requireJars();
    }

    @Test
    void aStuckReplayReportsAScreenfulGroupedWithTheApplicationFirst() throws Exception {
        Path trace = RecordedPrograms.folder("divergence-report").resolve("trace");
        Cli.Result recorded = RecordedPrograms.record(trace, HeldStringsProgram.class, "greet");
        assertTrue(recorded.out().contains("sink got 120 strings"), recorded::toString);

        Cli.Result replayed = RecordedPrograms.replay(
                trace, List.of("--quiet", "2s", "--allow-changed-program"), HeldStringsProgram.class, "skip");
        assertEquals(86, replayed.exit(), replayed::toString);
        List<String> report = RecordedPrograms.report(replayed);
        String text = String.join("\n", report);
        assertTrue(report.size() <= 40, () -> report.size() + " lines:\n" + text);
        assertTrue(report.get(1).startsWith("  first difference: /user/"), text);
        assertTrue(text.contains("in its mailbox: 120 messages:\n      120 × String from /user/source"), text);
        assertTrue(text.contains("(30000 characters)"), text);
        assertTrue(report.stream().allMatch(l -> l.length() < 300), text);
        assertTrue(text.contains("more actors waiting"), text);
        int lastUser = -1;
        int firstSystem = Integer.MAX_VALUE;
        for (int i = 0; i < report.size(); i++) {
            if (report.get(i).startsWith("  actor: /user/")) {
                lastUser = i;
            } else if (report.get(i).startsWith("  actor: ")) {
                firstSystem = Math.min(firstSystem, i);
            }
        }
        assertTrue(lastUser >= 0 && lastUser < firstSystem, text);

        Cli.Result verbose = RecordedPrograms.replay(
                trace,
                List.of("--quiet", "2s", "--verbose", "--allow-changed-program"),
                HeldStringsProgram.class,
                "skip");
        assertEquals(86, verbose.exit(), verbose::toString);
        List<String> all = RecordedPrograms.report(verbose);
        String allText = String.join("\n", all);
        assertTrue(all.size() > report.size(), allText);
        for (int i = 0; i < 8; i++) {
            assertTrue(allText.contains("  actor: /user/listener-" + i + " "), allText);
        }
        assertTrue(!allText.contains("more actors waiting") && !allText.contains("--verbose"), allText);
    }
}
