package dev.reprise.acmeair.actors;

import akka.actor.AbstractActor;
import akka.event.Logging;
import akka.event.LoggingAdapter;
import dev.reprise.acmeair.api.ApiException;
import dev.reprise.acmeair.api.ApiResponse;
import dev.reprise.acmeair.db.Database;
import dev.reprise.acmeair.db.Queries;
import java.sql.SQLException;

/**
 * An actor that serves {@link Call}s from the database. It runs on the blocking dispatcher (JDBC
 * blocks) with its own connection, and always answers: failures become an HTTP error instead of
 * a restart, so an asker never waits for a reply that will not come.
 */
public abstract class ServiceActor extends AbstractActor {
    private final Database db;
    private final ResponseHash hash;
    /** The actor's own connection, open between {@code preStart} and {@code postStop}; each statement recorded. */
    protected Queries queries;

    /**
     * @param db the database
     * @param hash the chain every reply goes into
     */
    protected ServiceActor(Database db, ResponseHash hash) {
        this.db = db;
        this.hash = hash;
    }

    @Override
    public void preStart() throws SQLException {
        queries = new Queries(db.connect());
    }

    @Override
    public void postStop() throws SQLException {
        if (queries != null) {
            queries.close();
        }
    }

    @Override
    public Receive createReceive() {
        return receiveBuilder().match(Call.class, call -> reply(serve(call))).build();
    }

    /** Answers the current message's asker, through the response hash. */
    protected final void reply(ApiResponse response) {
        getSender().tell(hash.sent(response), getSelf());
    }

    /**
     * @param call a call for this actor
     * @return its answer; an {@link ApiException} becomes its status, anything else a 500
     */
    protected final ApiResponse serve(Call call) {
        try {
            return handle(call);
        } catch (ApiException e) {
            return e.toResponse();
        } catch (SQLException e) {
            // On stderr, not in the log: standard output is the service's (its response hashes).
            System.err.println("Acme-Air: " + call.request().method() + " "
                    + call.request().path() + ": the database refused a statement (SQLState " + e.getSQLState() + "): "
                    + e.getMessage());
            return ApiResponse.error(500, "the database refused the request (SQLState " + e.getSQLState() + ")");
        } catch (RuntimeException e) {
            LoggingAdapter log = Logging.getLogger(getContext().getSystem(), this);
            log.error(e, "{} {} failed", call.request().method(), call.request().path());
            return ApiResponse.error(500, "internal error: " + e.getClass().getSimpleName());
        }
    }

    /**
     * @param call a call routed to this actor
     * @return the answer
     * @throws SQLException on database errors
     */
    protected abstract ApiResponse handle(Call call) throws SQLException;

    /**
     * @param table a table name
     * @return its row count as a text response
     * @throws SQLException on database errors
     */
    protected ApiResponse count(String table) throws SQLException {
        return ApiResponse.text(Long.toString(queries.number("SELECT COUNT(*) FROM " + table)));
    }
}
