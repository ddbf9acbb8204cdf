package dev.reprise.runtime.bench;

import dev.reprise.runtime.ActorRecord;
import dev.reprise.runtime.Recorder;
import dev.reprise.runtime.RecorderSettings;
import dev.reprise.runtime.SyncPolicy;
import dev.reprise.runtime.ThreadRecorder;
import dev.reprise.trace.TraceFiles;
import dev.reprise.trace.TraceMetadata;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.stream.Stream;

/**
 * {@code ./reprise bench sync-flood [--quick] [--traces DIR]}: the worst case for {@code sync}. One
 * thread records messages as fast as it can (two actors taking turns, senders varying so chunks
 * deflate as real ones do) for a few seconds; with {@code overflow=block} it waits whenever the
 * writer falls behind, so its rate is what the writer sustains in each mode. Per pair, in turn:
 * none, interval, always, none again, each into a fresh trace under {@code --traces} (default: the
 * temporary directory; it must be on the disk to measure, a tmpfs has nothing to force). Prints
 * the medians of the paired rate ratios to the first none, the noise floor none/none, and from the
 * metadata forces per second and ms per force.
 */
public final class SyncFloodBench {
    private SyncFloodBench() {}

    /** One recording: messages per second, trace MB/s, forces, and time spent forcing. */
    record Run(double messagesPerSecond, double megabytesPerSecond, long syncs, long syncMicros, double seconds) {}

    public static void main(String[] args) throws Exception {
        boolean quick = false;
        Path under = Path.of(System.getProperty("java.io.tmpdir"));
        for (int i = 0; i < args.length; i++) {
            if (args[i].equals("--quick")) {
                quick = true;
            } else if (args[i].equals("--traces") && i + 1 < args.length) {
                under = Path.of(args[++i]);
            } else {
                System.err.println(
                        "reprise: bench sync-flood: unknown option '" + args[i] + "'; valid: --quick, --traces DIR");
                System.exit(2);
            }
        }
        Files.createDirectories(under);
        int pairs = quick ? 3 : 7;
        long millis = quick ? 1000 : 3000;
        SyncPolicy[] order = {SyncPolicy.NONE, SyncPolicy.INTERVAL, SyncPolicy.ALWAYS, SyncPolicy.NONE};
        record(under, SyncPolicy.NONE, millis); // warm-up: JIT, page cache, file system
        List<List<Run>> runs = new ArrayList<>();
        for (int i = 0; i < order.length; i++) {
            runs.add(new ArrayList<>());
        }
        for (int p = 1; p <= pairs; p++) {
            StringBuilder line = new StringBuilder("pair " + p + "/" + pairs + ":");
            for (int i = 0; i < order.length; i++) {
                Run r = record(under, order[i], millis);
                runs.get(i).add(r);
                line.append(String.format(
                        Locale.ROOT,
                        "  %s %.1fM msg/s",
                        order[i].name().toLowerCase(Locale.ROOT),
                        r.messagesPerSecond() / 1e6));
            }
            System.out.println(line);
        }
        System.out.printf(
                Locale.ROOT,
                "%nOne thread flooding the recorder, %d ms per recording, %d pairs, traces in %s (%s), "
                        + "%d cores, %s %s%n",
                millis,
                pairs,
                under,
                Files.getFileStore(under).type(),
                Runtime.getRuntime().availableProcessors(),
                System.getProperty("java.vm.name"),
                System.getProperty("java.version"));
        System.out.printf(
                Locale.ROOT,
                "%-10s %12s %10s %22s %10s %10s%n",
                "mode",
                "Mmsg/s",
                "trace MB/s",
                "rate/none [min, max]",
                "forces/s",
                "ms/force");
        for (int i = 1; i < order.length; i++) {
            List<Double> ratios = new ArrayList<>();
            for (int p = 0; p < pairs; p++) {
                ratios.add(runs.get(i).get(p).messagesPerSecond()
                        / runs.get(0).get(p).messagesPerSecond());
            }
            List<Run> mode = runs.get(i);
            long syncs = mode.stream().mapToLong(Run::syncs).sum();
            long micros = mode.stream().mapToLong(Run::syncMicros).sum();
            double seconds = mode.stream().mapToDouble(Run::seconds).sum();
            System.out.printf(
                    Locale.ROOT,
                    "%-10s %12.2f %10.1f %8.3f [%.3f, %.3f] %10.1f %10.2f%n",
                    i == order.length - 1 ? "none again" : order[i].name().toLowerCase(Locale.ROOT),
                    median(mode.stream().map(Run::messagesPerSecond).toList()) / 1e6,
                    median(mode.stream().map(Run::megabytesPerSecond).toList()),
                    median(ratios),
                    ratios.stream().mapToDouble(Double::doubleValue).min().orElseThrow(),
                    ratios.stream().mapToDouble(Double::doubleValue).max().orElseThrow(),
                    syncs / seconds,
                    syncs == 0 ? 0 : micros / 1000.0 / syncs);
        }
    }

    private static Run record(Path under, SyncPolicy sync, long millis) throws IOException {
        Path dir = Files.createTempDirectory(under, "reprise-sync-flood");
        Path trace = dir.resolve("t");
        try {
            Recorder recorder = Recorder.start(RecorderSettings.defaults(trace).withSync(sync));
            long messages = 0;
            long start = System.nanoTime();
            long end = start + millis * 1_000_000;
            try {
                ThreadRecorder thread = recorder.forCurrentThread();
                ActorRecord ping = new ActorRecord(1);
                ActorRecord pong = new ActorRecord(2);
                while (System.nanoTime() < end) {
                    for (int n = 0; n < 1000; n++, messages++) {
                        thread.message((messages & 1) == 0 ? ping : pong, 3 + (messages * 7919 >>> 3) % 61);
                    }
                }
            } finally {
                recorder.close();
            }
            double seconds = (System.nanoTime() - start) / 1e9;
            TraceMetadata m = TraceMetadata.read(trace);
            long bytes = Files.size(TraceFiles.events(trace)) + Files.size(TraceFiles.data(trace));
            return new Run(messages / seconds, bytes / 1e6 / seconds, m.count("syncs"), m.count("syncMicros"), seconds);
        } finally {
            try (Stream<Path> files = Files.walk(dir)) {
                for (Path p : files.sorted(Comparator.reverseOrder()).toList()) {
                    Files.delete(p);
                }
            }
        }
    }

    private static double median(List<Double> values) {
        List<Double> sorted = new ArrayList<>(values);
        sorted.sort(null);
        int n = sorted.size();
        return n % 2 == 1 ? sorted.get(n / 2) : (sorted.get(n / 2 - 1) + sorted.get(n / 2)) / 2;
    }
}
