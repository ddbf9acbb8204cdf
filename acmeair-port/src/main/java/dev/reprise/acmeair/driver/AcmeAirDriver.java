package dev.reprise.acmeair.driver;

import java.io.PrintStream;
import java.net.URI;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Locale;
import java.util.Map;

/**
 * Drives an Acme-Air server with the JMeter workload in a closed loop (each thread sends its next
 * request when the previous answer arrives, no think time) and prints per-label count,
 * throughput and response-time percentiles.
 */
public final class AcmeAirDriver {
  static final String USAGE = """
      usage: AcmeAirDriver [options]
        --url URL          server base, e.g. http://127.0.0.1:9080 (default)
        --duration S       seconds to run (default 60)
        --threads N        closed-loop threads (default 1)
        --loops N          stop each thread after N iterations (default: run for --duration)
        --users N          customers to log in as: uid0..uid(N-1)@email.com (default 10000)
        --jtl FILE         also write every sample to FILE (JMeter CSV)
      """;

  private AcmeAirDriver() {}

  /**
   * Options of one run.
   *
   * @param url server base URL
   * @param duration how long to run
   * @param threads closed-loop threads
   * @param loops iterations per thread, -1 for as many as fit in the duration
   * @param users number of customers to pick from
   * @param jtl JTL output file, or {@code null}
   */
  public record Options(URI url, Duration duration, int threads, int loops, int users, Path jtl) {
    /**
     * @param args command-line arguments
     * @return the options
     */
    public static Options parse(String... args) {
      URI url = URI.create("http://127.0.0.1:9080");
      Duration duration = Duration.ofSeconds(60);
      int threads = 1;
      int loops = -1;
      int users = 10_000;
      Path jtl = null;
      for (int i = 0; i < args.length; i++) {
        if (i + 1 >= args.length) {
          throw new IllegalArgumentException("unknown option or missing value: " + args[i]);
        }
        String value = args[++i];
        switch (args[i - 1]) {
          case "--url" -> url = URI.create(value);
          case "--duration" -> duration = Duration.ofSeconds(Long.parseLong(value));
          case "--threads" -> threads = Integer.parseInt(value);
          case "--loops" -> loops = Integer.parseInt(value);
          case "--users" -> users = Integer.parseInt(value);
          case "--jtl" -> jtl = Path.of(value);
          default -> throw new IllegalArgumentException("unknown option " + args[i - 1]);
        }
      }
      return new Options(url, duration, threads, loops, users, jtl);
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
        "PORT", Integer.toString(options.url().getPort()),
        "NUM_THREAD", Integer.toString(options.threads()),
        "DURATION", Long.toString(options.duration().toSeconds()),
        "LOOP_COUNT", Integer.toString(options.loops()),
        "MAX_USER_ID", Integer.toString(options.users() - 1));
    SampleStatsListener stats =
        EmbeddedJMeter.run(properties, options.jtl(), options.duration().plusMinutes(1));
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
      out.printf(Locale.ROOT, "%-26s %8s %7s %9s %6s %6s %6s %7s%n",
          "label", "count", "errors", "req/s", "p50", "p90", "p99", "p99.9");
      byLabel.forEach((label, s) -> out.printf(Locale.ROOT, "%-26s %8d %7d %9.1f %6d %6d %6d %7d%n",
          label, s.count(), s.errors(), s.count() / seconds,
          s.percentile(50), s.percentile(90), s.percentile(99), s.percentile(99.9)));
      out.printf(Locale.ROOT, "%-26s %8d %7d %9.1f   (latencies in ms, over %.1f s)%n",
          "TOTAL", total(), errors(), total() / seconds, seconds);
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
    Result result = run(options);
    result.print(System.out);
    System.exit(result.errors() == 0 ? 0 : 1);
  }
}
