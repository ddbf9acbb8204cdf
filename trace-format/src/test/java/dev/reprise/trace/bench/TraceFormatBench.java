package dev.reprise.trace.bench;

import dev.reprise.trace.Encoding;
import dev.reprise.trace.EventBuffer;
import java.util.Collection;
import java.util.EnumMap;
import java.util.Locale;
import java.util.Map;
import org.openjdk.jmh.results.RunResult;
import org.openjdk.jmh.runner.Runner;
import org.openjdk.jmh.runner.options.ChainedOptionsBuilder;
import org.openjdk.jmh.runner.options.OptionsBuilder;
import org.openjdk.jmh.runner.options.TimeValue;

/**
 * {@code ./reprise bench trace [--quick]}: runs {@link EventBufferBenchmark} and prints, per event
 * mix and encoding, ns per event and bytes per message, with the compact encoding's size as a
 * ratio of the full-width (SOMns-style) and small-ids-only encodings measured in the same run.
 */
public final class TraceFormatBench {
    private TraceFormatBench() {}

    public static void main(String[] args) throws Exception {
        boolean quick = java.util.Arrays.asList(args).contains("--quick");
        ChainedOptionsBuilder options = new OptionsBuilder()
                .include(EventBufferBenchmark.class.getName())
                .shouldFailOnError(true);
        if (quick) {
            options.warmupIterations(1).warmupTime(TimeValue.milliseconds(300))
                    .measurementIterations(3).measurementTime(TimeValue.milliseconds(300));
        }
        Collection<RunResult> results = new Runner(options.build()).run();

        Map<EventMix, Map<Encoding, Double>> nsPerEvent = new EnumMap<>(EventMix.class);
        for (RunResult r : results) {
            EventMix mix = EventMix.valueOf(r.getParams().getParam("mix"));
            Encoding enc = Encoding.valueOf(r.getParams().getParam("encoding"));
            nsPerEvent.computeIfAbsent(mix, m -> new EnumMap<>(Encoding.class))
                    .put(enc, r.getPrimaryResult().getScore() / mix.script().events());
        }
        System.out.println();
        System.out.println("Event encoding: time per recorded event and trace bytes per message (one buffer, no framing)");
        System.out.printf("%-14s %10s %10s %10s | %9s %9s %9s | %14s %14s%n", "mix", "ns/ev cmp", "ns/ev small",
                "ns/ev full", "B/msg cmp", "B/msg sml", "B/msg full", "cmp/full size", "cmp/small size");
        for (EventMix mix : EventMix.values()) {
            Map<Encoding, Double> ns = nsPerEvent.getOrDefault(mix, Map.of());
            double compact = bytesPerMessage(mix, Encoding.COMPACT);
            double small = bytesPerMessage(mix, Encoding.SMALL_IDS);
            double full = bytesPerMessage(mix, Encoding.FULL_WIDTH);
            System.out.printf(Locale.ROOT, "%-14s %10.2f %10.2f %10.2f | %9.2f %9.2f %9.2f | %14.2f %14.2f%n", mix,
                    ns.getOrDefault(Encoding.COMPACT, Double.NaN), ns.getOrDefault(Encoding.SMALL_IDS, Double.NaN),
                    ns.getOrDefault(Encoding.FULL_WIDTH, Double.NaN), compact, small, full, compact / full,
                    compact / small);
        }
    }

    /** Deterministic: bytes the mix's script takes in an encoding, per recorded message. */
    public static double bytesPerMessage(EventMix mix, Encoding encoding) {
        EventMix.Script s = mix.script();
        EventBuffer b = new EventBuffer(1 << 20, encoding);
        s.writeTo(b);
        return (double) b.size() / s.messages();
    }
}
