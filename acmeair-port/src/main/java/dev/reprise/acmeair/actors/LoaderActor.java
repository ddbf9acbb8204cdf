package dev.reprise.acmeair.actors;

import akka.actor.Props;
import dev.reprise.acmeair.api.ApiException;
import dev.reprise.acmeair.api.ApiResponse;
import dev.reprise.acmeair.db.Database;
import dev.reprise.acmeair.db.Loader;
import dev.reprise.acmeair.db.LoaderSettings;
import dev.reprise.acmeair.support.AppClock;
import java.sql.SQLException;

/** The loader endpoints: fill the empty database, and report the configured customer count. */
public final class LoaderActor extends ServiceActor {
    private final LoaderSettings settings;
    private final AppClock clock;

    private LoaderActor(Database db, ResponseHash hash, LoaderSettings settings, AppClock clock) {
        super(db, hash);
        this.settings = settings;
        this.clock = clock;
    }

    /** @return how to create it (on the blocking dispatcher) */
    public static Props props(Database db, ResponseHash hash, LoaderSettings settings, AppClock clock) {
        return Props.create(LoaderActor.class, () -> new LoaderActor(db, hash, settings, clock))
                .withDispatcher(AcmeAirActors.BLOCKING_DISPATCHER);
    }

    @Override
    protected ApiResponse handle(Call call) throws SQLException {
        return switch (call.endpoint()) {
            case LOAD -> load(call.request().optional("numCustomers", Integer.toString(settings.customers())));
            case LOADER_QUERY -> ApiResponse.text(Integer.toString(settings.customers()));
            default -> throw new IllegalArgumentException("not a loader endpoint: " + call.endpoint());
        };
    }

    private ApiResponse load(String numCustomers) throws SQLException {
        int customers;
        try {
            customers = Integer.parseInt(numCustomers.trim());
        } catch (NumberFormatException e) {
            throw ApiException.badRequest("numCustomers is not a number: " + numCustomers);
        }
        if (customers < 1 || customers > 10_000_000) {
            throw ApiException.badRequest("numCustomers out of range: " + customers);
        }
        long midnight = clock.todayMidnight();
        // One system call: the load's outcome is recorded, not its thousands of inserts.
        return ApiResponse.text(queries.run(
                c -> {
                    if (Loader.isLoaded(c)) {
                        return "Already loaded";
                    }
                    Loader.load(c, settings.withCustomers(customers), midnight);
                    return "Database Finished Loading";
                },
                dev.reprise.api.Codec.utf8()));
    }
}
