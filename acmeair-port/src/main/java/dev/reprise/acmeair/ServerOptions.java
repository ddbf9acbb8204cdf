package dev.reprise.acmeair;

import dev.reprise.acmeair.db.LoaderSettings;
import java.nio.file.Path;

/**
 * How to run the server.
 *
 * @param port HTTP port on 127.0.0.1 (0: any free port)
 * @param db Derby database directory
 * @param loader the loader's sizes (also the default of {@code /loader/load})
 * @param loadAtStart whether to load the data at start when the database is empty
 * @param seed seed of the ids the server generates (sessions, bookings)
 * @param hashResponses whether to keep the response hash chain
 * @param idleSeconds how long a connection may send nothing (between requests, or in the middle of
 *     one) before the server closes it
 * @param latency whether to time each request and answer {@code GET /internal/latency} ({@code ServerLatency})
 */
public record ServerOptions(
        int port,
        Path db,
        LoaderSettings loader,
        boolean loadAtStart,
        long seed,
        boolean hashResponses,
        int idleSeconds,
        boolean latency) {
    /** A connection that sends nothing for this long is closed, by default. */
    static final int DEFAULT_IDLE_SECONDS = 60;

    static final String USAGE = """
      usage: AcmeAirServer [options]
        --port N             HTTP port on 127.0.0.1 (default 9080, 0 = any free port)
        --db DIR             Derby database directory (default ./acmeair-db)
        --customers N        customers the loader creates (default 10000)
        --days N             days with flights, from today (default 6)
        --flights-per-day N  flights per segment and day (default 2)
        --data-seed N        seed of the loader's flight ids (default 1)
        --load               load the data at start if the database is empty
        --seed N             seed of session and booking ids (default: from the time)
        --hash-responses     keep a SHA-256 chain over response bodies (GET /rest/api/config/responseHash)
        --idle-timeout S     close a connection that sends nothing for S seconds, between requests or
                             in the middle of one (default 60)
        --latency            time each request, from decoded to written (GET /internal/latency: count,
                             p50, p90, p99, p99.9 in microseconds since the last GET)
      """;

    /**
     * @param args command-line arguments
     * @return the options
     * @throws IllegalArgumentException with a message for bad arguments
     */
    public static ServerOptions parse(String... args) {
        int port = 9080;
        Path db = Path.of("acmeair-db");
        LoaderSettings s = LoaderSettings.SOMNS;
        int customers = s.customers();
        int days = s.days();
        int flightsPerDay = s.flightsPerDay();
        long dataSeed = s.seed();
        boolean load = false;
        long seed = System.nanoTime();
        boolean hash = false;
        int idle = DEFAULT_IDLE_SECONDS;
        boolean latency = false;
        for (int i = 0; i < args.length; i++) {
            switch (args[i]) {
                case "--port" -> port = Integer.parseInt(value(args, ++i));
                case "--db" -> db = Path.of(value(args, ++i));
                case "--customers" -> customers = Integer.parseInt(value(args, ++i));
                case "--days" -> days = Integer.parseInt(value(args, ++i));
                case "--flights-per-day" -> flightsPerDay = Integer.parseInt(value(args, ++i));
                case "--data-seed" -> dataSeed = Long.parseLong(value(args, ++i));
                case "--load" -> load = true;
                case "--seed" -> seed = Long.parseLong(value(args, ++i));
                case "--hash-responses" -> hash = true;
                case "--idle-timeout" -> idle = Integer.parseInt(value(args, ++i));
                case "--latency" -> latency = true;
                default -> throw new IllegalArgumentException("unknown option " + args[i]);
            }
        }
        return new ServerOptions(
                port,
                db,
                new LoaderSettings(customers, days, flightsPerDay, dataSeed),
                load,
                seed,
                hash,
                idle,
                latency);
    }

    private static String value(String[] args, int i) {
        if (i >= args.length) {
            throw new IllegalArgumentException(args[i - 1] + " needs a value");
        }
        return args[i];
    }
}
