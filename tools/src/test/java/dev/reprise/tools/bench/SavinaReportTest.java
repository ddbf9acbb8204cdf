package dev.reprise.tools.bench;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;

class SavinaReportTest {
    private static SavinaBenchCommand.Row row(String name, String dispatcher, double ratio, boolean replayOk) {
        long base = 10_000_000;
        return new SavinaBenchCommand.Row(name, dispatcher, List.of(base), List.of((long) (base * ratio)),
                List.of(base * 2), replayOk ? List.of(base * 3) : List.of(), List.of(ratio), 1.5, 2.0, replayOk,
                replayOk ? "" : "diverged");
    }

    @Test
    void theReportGivesMediansRatiosGeometricMeanAndMaximum() {
        List<SavinaBenchCommand.Row> rows = List.of(row("PingPong", "single", 1.21, true), row("Counting", "single", 1.0, true),
                row("PingPong", "default", 1.10, false));
        String md = SavinaReport.markdown(rows, false, 3, 25, 100);
        // geometric mean of 1.21 and 1.0 is 1.1: 10.0%; maximum 21.0%
        assertTrue(md.contains("geometric mean 10.0%, maximum 21.0%"), md);
        assertTrue(md.contains("bytes per message, mean 1.500 (aim at most 2); trace MB/s, maximum 2.00"), md);
        assertTrue(md.contains("replays passing every check: 2 of 2."), md);
        assertTrue(md.contains("replays passing every check: 0 of 1."), md);
        assertTrue(md.contains("| PingPong | 10.00 | 12.10 | 1.210 (1.210..1.210) | 20.00 | 2.000 | 1.500 | 2.000 | 30.00 | 2.479 | all passed |"), md);
        assertTrue(md.contains("FAILED: diverged"), md);

        String csv = SavinaReport.csv(rows);
        assertEquals(4, csv.lines().count());
        assertEquals("PingPong,single,10.00,12.10,1.210,1.210,1.210,20.00,2.000,1.500,2.000,30.00,2.479,true", csv.lines().skip(1).findFirst().orElseThrow());

        String svg = SavinaReport.svg(rows);
        assertTrue(svg.startsWith("<svg") && svg.contains(">PingPong<") && svg.contains(">21.0<"), svg);
        assertEquals(3, svg.split("<rect").length - 1, "one bar per benchmark and dispatcher");
    }

    @Test
    void statsAreMediansAndGeometricMeans() {
        assertEquals(2.0, Stats.median(List.of(3, 1, 2)));
        assertEquals(2.5, Stats.median(List.of(4, 1, 2, 3)));
        assertEquals(2.0, Stats.geometricMean(List.of(1.0, 4.0)), 1e-12);
    }
}
