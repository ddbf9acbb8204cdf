package dev.reprise.acmeair.driver;

import java.io.PrintStream;
import java.net.URI;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Locale;
import java.util.Map;

/**
 * Drives an Acme-Air server with the JMeter workload and prints per-label count, throughput and
 * latency percentiles. By default a closed loop, as in the paper: each thread sends its next
 * request when the previous answer arrives, no think time. With {@code --rate} an open loop: all
 * threads' requests start on one fixed schedule, and latency counts from each request's intended
 * start.
 */
public final class AcmeAirDriver {
    static final String USAGE = """
      usage: AcmeAirDriver [options]
        --url URL          server base, e.g. http://127.0.0.1:9080 (default)
        --duration S       seconds to run (default 60)
        --threads N        threads (default 1); an open loop needs enough to keep up with --rate
        --rate R           open loop at R requests/s of all threads together (default: closed loop)
        --loops N          stop each thread after N iterations (default: run for --duration)
        --users N          customers to log in as: uid0..uid(N-1)@email.com (default 10000)
        --jtl FILE         also write every sample to FILE (JMeter CSV)
        --warmup S         first run the same load for S seconds, not measured (default 0)
        --server-latency   also print the server's own latency over the measured run (a server
                           started with --latency: GET /internal/latency after the warm-up and after the run)
      """;

    private AcmeAirDriver() {}

    /**
     * Options of one run.
     *
     * @param url server base URL
     * @param duration how long to run
     * @param threads JMeter threads
     * @param rate requests per second of an open loop, or 0 for a closed loop
     * @param loops iterations per thread, -1 for as many as fit in the duration
     * @param users number of customers to pick from
     * @param jtl JTL output file, or {@code null}
     * @param warmup how long to run the same load before the measured run, not measured
     * @param serverLatency whether to take the server's own latency over the measured run ({@link ServerSide})
     */
    public record Options(
            URI url,
            Duration duration,
            int threads,
            double rate,
            int loops,
            int users,
            Path jtl,
            Duration warmup,
            boolean serverLatency) {
        /**
         * @param args command-line arguments
         * @return the options
         */
        public static Options parse(String... args) {
            URI url = URI.create("http://127.0.0.1:9080");
            Duration duration = Duration.ofSeconds(60);
            int threads = 1;
            double rate = 0;
            int loops = -1;
            int users = 10_000;
            Path jtl = null;
            Duration warmup = Duration.ZERO;
            boolean serverLatency = false;
            for (int i = 0; i < args.length; i++) {
                if (args[i].equals("--server-latency")) {
                    serverLatency = true;
                    continue;
                }
                if (i + 1 >= args.length) {
                    throw new IllegalArgumentException("unknown option or missing value: " + args[i]);
                }
                String value = args[++i];
                switch (args[i - 1]) {
                    case "--url" -> url = URI.create(value);
                    case "--duration" -> duration = Duration.ofSeconds(Long.parseLong(value));
                    case "--threads" -> threads = Integer.parseInt(value);
                    case "--rate" -> rate = Double.parseDouble(value);
                    case "--loops" -> loops = Integer.parseInt(value);
                    case "--users" -> users = Integer.parseInt(value);
                    case "--jtl" -> jtl = Path.of(value);
                    case "--warmup" -> warmup = Duration.ofSeconds(Long.parseLong(value));
                    default -> throw new IllegalArgumentException("unknown option " + args[i - 1]);
                }
            }
            return new Options(url, duration, threads, rate, loops, users, jtl, warmup, serverLatency);
        }
    }

    /**
     * @param options the run
     * @return the samples by label, and the time from the first request to the last answer
     * @throws Exception if JMeter cannot run
     */
    public static Result run(Options options) throws Exception {
        Map<String, String> properties = Map.of(
                "HOST", options.url().getHost(),
                "PORT",
                        Integer.toString(
                                options.url().getPort() < 0 ? 80 : options.url().getPort()),
                "NUM_THREAD", Integer.toString(options.threads()),
                "DURATION", Long.toString(options.duration().toSeconds()),
                "LOOP_COUNT", Integer.toString(options.loops()),
                "MAX_USER_ID", Integer.toString(options.users() - 1));
        SampleStatsListener stats = EmbeddedJMeter.run(
                properties, options.jtl(), options.rate(), options.duration().plusMinutes(1));
        return new Result(stats.byLabel(), Duration.ofMillis(Math.max(1, stats.spanMillis())));
    }

    /**
     * @param byLabel samples by label
     * @param elapsed time from the first request to the last answer (throughput's denominator)
     */
    public record Result(Map<String, LabelStats> byLabel, Duration elapsed) {
        /** @return all samples */
        public long total() {
            return byLabel.values().stream().mapToLong(LabelStats::count).sum();
        }

        /** @return all failed samples */
        public long errors() {
            return byLabel.values().stream().mapToLong(LabelStats::errors).sum();
        }

        /** Prints one line per label and a total. */
        public void print(PrintStream out) {
            double seconds = elapsed.toNanos() / 1e9;
            out.printf(
                    Locale.ROOT,
                    "%-26s %8s %7s %9s %8s %8s %8s %8s%n",
                    "label",
                    "count",
                    "errors",
                    "req/s",
                    "p50",
                    "p90",
                    "p99",
                    "p99.9");
            byLabel.forEach((label, s) -> out.printf(
                    Locale.ROOT,
                    "%-26s %8d %7d %9.1f %8d %8d %8d %8d%n",
                    label,
                    s.count(),
                    s.errors(),
                    s.count() / seconds,
                    s.percentile(50),
                    s.percentile(90),
                    s.percentile(99),
                    s.percentile(99.9)));
            out.printf(
                    Locale.ROOT,
                    "%-26s %8d %7d %9.1f   (latencies in us, over %.1f s)%n",
                    "TOTAL",
                    total(),
                    errors(),
                    total() / seconds,
                    seconds);
        }
    }

    /**
     * @param args see {@link #USAGE}
     * @throws Exception if the run fails
     */
    public static void main(String[] args) throws Exception {
        Options options;
        try {
            options = Options.parse(args);
        } catch (IllegalArgumentException e) {
            System.err.println(e.getMessage() + "\n" + USAGE);
            System.exit(2);
            return;
        }
        System.out.println(
                options.rate() > 0
                        ? "open loop at " + options.rate() + " requests/s, " + options.threads()
                                + " threads; latency from each request's intended start"
                        : "closed loop, " + options.threads()
                                + " thread(s), no think time; latency from just before each request to just after its answer");
        if (options.warmup().isPositive()) {
            // Same JVM: the warm-up also compiles the driver's own hot paths before measuring.
            Result warm = run(new Options(
                    options.url(),
                    options.warmup(),
                    options.threads(),
                    options.rate(),
                    -1,
                    options.users(),
                    null,
                    Duration.ZERO,
                    false));
            System.out.printf(
                    Locale.ROOT,
                    "warm-up: %d samples, %d errors over %.1f s (not measured)%n",
                    warm.total(),
                    warm.errors(),
                    warm.elapsed().toNanos() / 1e9);
        }
        if (options.serverLatency()) {
            ServerSide.take(options.url()); // clears what came before the measured run
        }
        Result result = run(options);
        if (options.serverLatency()) {
            System.out.println(ServerSide.line(ServerSide.take(options.url())));
        }
        result.print(System.out);
        System.exit(result.errors() == 0 ? 0 : 1);
    }
}
