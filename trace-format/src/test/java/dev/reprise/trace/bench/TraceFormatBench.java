package dev.reprise.trace.bench;

import dev.reprise.trace.ChunkCodingBenchmark;
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
 * ratio of the full-width (SOMns-style) and small-ids-only encodings measured in the same run;
 * then runs {@link ChunkCodingBenchmark} and prints, per mix, each coding's MB/s and size.
 */
public final class TraceFormatBench {
    private TraceFormatBench() {}

    public static void main(String[] args) throws Exception {
        boolean quick = java.util.Arrays.asList(args).contains("--quick");
        ChainedOptionsBuilder options = new OptionsBuilder()
                .include(EventBufferBenchmark.class.getName())
                .include(ChunkCodingBenchmark.class.getName())
                .shouldFailOnError(true);
        if (quick) {
            options.warmupIterations(1)
                    .warmupTime(TimeValue.milliseconds(300))
                    .measurementIterations(3)
                    .measurementTime(TimeValue.milliseconds(300));
        }
        Collection<RunResult> results = new Runner(options.build()).run();

        Map<EventMix, Map<Encoding, Double>> nsPerEvent = new EnumMap<>(EventMix.class);
        Map<EventMix, Map<ChunkCodingBenchmark.Coding, Double>> nsPerChunk = new EnumMap<>(EventMix.class);
        for (RunResult r : results) {
            EventMix mix = EventMix.valueOf(r.getParams().getParam("mix"));
            String coding = r.getParams().getParam("coding");
            if (coding != null) {
                nsPerChunk
                        .computeIfAbsent(mix, m -> new EnumMap<>(ChunkCodingBenchmark.Coding.class))
                        .put(
                                ChunkCodingBenchmark.Coding.valueOf(coding),
                                r.getPrimaryResult().getScore());
                continue;
            }
            Encoding enc = Encoding.valueOf(r.getParams().getParam("encoding"));
            nsPerEvent
                    .computeIfAbsent(mix, m -> new EnumMap<>(Encoding.class))
                    .put(enc, r.getPrimaryResult().getScore() / mix.script().events());
        }
        System.out.println();
        System.out.println(
                "Event encoding: time per recorded event and trace bytes per message (one buffer, no framing)");
        System.out.printf(
                "%-14s %10s %10s %10s | %9s %9s %9s | %14s %14s%n",
                "mix",
                "ns/ev cmp",
                "ns/ev small",
                "ns/ev full",
                "B/msg cmp",
                "B/msg sml",
                "B/msg full",
                "cmp/full size",
                "cmp/small size");
        for (EventMix mix : EventMix.values()) {
            Map<Encoding, Double> ns = nsPerEvent.getOrDefault(mix, Map.of());
            double compact = bytesPerMessage(mix, Encoding.COMPACT);
            double small = bytesPerMessage(mix, Encoding.SMALL_IDS);
            double full = bytesPerMessage(mix, Encoding.FULL_WIDTH);
            System.out.printf(
                    Locale.ROOT,
                    "%-14s %10.2f %10.2f %10.2f | %9.2f %9.2f %9.2f | %14.2f %14.2f%n",
                    mix,
                    ns.getOrDefault(Encoding.COMPACT, Double.NaN),
                    ns.getOrDefault(Encoding.SMALL_IDS, Double.NaN),
                    ns.getOrDefault(Encoding.FULL_WIDTH, Double.NaN),
                    compact,
                    small,
                    full,
                    compact / full,
                    compact / small);
        }
        printChunkCoding(nsPerChunk);
    }

    /** Per mix and coding: MB/s of events coded, and the coded chunk's size over the events'. */
    private static void printChunkCoding(Map<EventMix, Map<ChunkCodingBenchmark.Coding, Double>> nsPerChunk) {
        System.out.println();
        System.out.println("Chunk coding on the writer thread: MB/s of events coded and coded size / events size, "
                + ChunkCodingBenchmark.CHUNK / 1024 + " KiB chunks of compact events");
        System.out.printf("%-14s", "");
        for (ChunkCodingBenchmark.Coding c : ChunkCodingBenchmark.Coding.values()) {
            System.out.printf(" | %-20s", c.name().toLowerCase(Locale.ROOT).replace('_', ' '));
        }
        System.out.printf("%n%-14s", "mix");
        for (int i = 0; i < ChunkCodingBenchmark.Coding.values().length; i++) {
            System.out.printf(" | %8s %11s", "MB/s", "size");
        }
        System.out.println();
        for (EventMix mix : EventMix.values()) {
            System.out.printf("%-14s", mix);
            for (ChunkCodingBenchmark.Coding c : ChunkCodingBenchmark.Coding.values()) {
                double ns = nsPerChunk.getOrDefault(mix, Map.of()).getOrDefault(c, Double.NaN);
                double size = (double) ChunkCodingBenchmark.codedSize(mix, c) / ChunkCodingBenchmark.CHUNK;
                System.out.printf(Locale.ROOT, " | %8.0f %11.3f", ChunkCodingBenchmark.CHUNK * 1e3 / ns, size);
            }
            System.out.println();
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
