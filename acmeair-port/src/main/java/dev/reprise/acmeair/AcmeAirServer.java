package dev.reprise.acmeair;

import dev.reprise.acmeair.actors.AcmeAirActors;
import dev.reprise.acmeair.db.Database;
import dev.reprise.acmeair.db.Loader;
import dev.reprise.acmeair.http.HttpServer;
import dev.reprise.acmeair.latency.ServerLatency;
import dev.reprise.acmeair.support.AppClock;
import dev.reprise.acmeair.support.Ids;
import java.sql.Connection;
import java.sql.SQLException;
import java.time.Clock;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

/**
 * The Acme-Air service: the REST API of the Node.js version under {@code /rest/api}, served by
 * Netty on loopback, handled by Akka Classic actors, stored in embedded Derby.
 */
public final class AcmeAirServer implements AutoCloseable {
    private final Database db;
    private final AcmeAirActors.Started actors;
    private final HttpServer http;

    private AcmeAirServer(Database db, AcmeAirActors.Started actors, HttpServer http) {
        this.db = db;
        this.actors = actors;
        this.http = http;
    }

    /**
     * Opens the database (loading it first if asked and empty), starts the actors, then HTTP.
     *
     * @param options the options
     * @return the running server
     * @throws SQLException if the database cannot be opened or loaded
     * @throws InterruptedException if interrupted while binding
     */
    public static AcmeAirServer start(ServerOptions options) throws SQLException, InterruptedException {
        AppClock clock = new AppClock(Clock.systemUTC());
        Database db = Database.open(options.db());
        if (options.loadAtStart()) {
            try (Connection c = db.connect()) {
                if (!Loader.isLoaded(c)) {
                    Loader.load(c, options.loader(), clock.todayMidnight());
                }
            }
        }
        AcmeAirActors.Started actors = AcmeAirActors.start(
                db, Ids.forRun(options.seed(), db.nextRun()), clock, options.loader(), options.hashResponses());
        try {
            return new AcmeAirServer(
                    db,
                    actors,
                    new HttpServer(
                            options.port(),
                            actors.router(),
                            options.idleSeconds(),
                            options.latency() ? new ServerLatency() : null));
        } catch (RuntimeException | InterruptedException e) {
            actors.system().terminate();
            throw e;
        }
    }

    /** @return the HTTP port */
    public int port() {
        return http.port();
    }

    /** Stops HTTP, then the actors (closing their connections), then the database. */
    @Override
    public void close() {
        http.close();
        actors.system().terminate();
        try {
            actors.system().getWhenTerminated().toCompletableFuture().get(30, TimeUnit.SECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        } catch (ExecutionException | TimeoutException e) {
            throw new IllegalStateException("the actor system did not stop", e);
        }
        db.shutdown();
    }

    /**
     * Runs the server until the JVM is stopped.
     *
     * @param args see {@code --help}
     * @throws Exception if it cannot start
     */
    public static void main(String[] args) throws Exception {
        ServerOptions options;
        try {
            options = ServerOptions.parse(args);
        } catch (IllegalArgumentException e) {
            System.err.println(e.getMessage() + "\n" + ServerOptions.USAGE);
            System.exit(2);
            return;
        }
        AcmeAirServer server = start(options);
        CountDownLatch stopped = new CountDownLatch(1);
        Runtime.getRuntime().addShutdownHook(new Thread(() -> {
            server.close();
            stopped.countDown();
        }));
        // On stderr: standard output is the service's own (its response hashes), in the order its actors
        // answered; this line races them in a replay that has no clients to wait for it.
        System.err.println("Acme-Air listening on http://127.0.0.1:" + server.port() + "/rest/api (seed "
                + options.seed() + ", database " + options.db().toAbsolutePath() + ")");
        stopped.await();
    }
}
