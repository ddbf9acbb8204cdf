package dev.reprise.acmeair.actors;

import akka.actor.Props;
import dev.reprise.acmeair.api.ApiException;
import dev.reprise.acmeair.api.ApiRequest;
import dev.reprise.acmeair.api.ApiResponse;
import dev.reprise.acmeair.db.Database;
import dev.reprise.acmeair.db.Documents;
import dev.reprise.acmeair.support.ApiJson;
import dev.reprise.acmeair.support.AppClock;
import dev.reprise.acmeair.support.Ids;
import java.sql.SQLException;
import java.util.List;

/** Sessions: login, logout, the session check of protected endpoints, and the session count. */
public final class SessionActor extends ServiceActor {
    private static final long SESSION_MILLIS = 24 * 3_600_000L;

    private final Ids ids;
    private final AppClock clock;

    private SessionActor(Database db, ResponseHash hash, Ids ids, AppClock clock) {
        super(db, hash);
        this.ids = ids;
        this.clock = clock;
    }

    /** @return how to create it (on the blocking dispatcher) */
    public static Props props(Database db, ResponseHash hash, Ids ids, AppClock clock) {
        return Props.create(SessionActor.class, () -> new SessionActor(db, hash, ids, clock))
                .withDispatcher(AcmeAirActors.BLOCKING_DISPATCHER);
    }

    @Override
    public Receive createReceive() {
        return receiveBuilder().match(Authorize.class, this::authorize).build().orElse(super.createReceive());
    }

    private void authorize(Authorize authorize) {
        String customer;
        try {
            customer = validate(authorize.call().request().sessionId());
        } catch (SQLException | RuntimeException e) {
            reply(ApiResponse.error(500, "internal error: " + e.getClass().getSimpleName()));
            return;
        }
        if (customer == null) {
            reply(ApiResponse.error(403, "no valid session"));
        } else {
            authorize.target().forward(authorize.call().authenticatedAs(customer), getContext());
        }
    }

    /** @return the session's customer, or {@code null} if the session is missing or has expired */
    private String validate(String sessionId) throws SQLException {
        if (sessionId == null || sessionId.isBlank()) {
            return null;
        }
        List<String> session =
                queries.row("SELECT customerid, timeouttime FROM n_customersession WHERE id = ?", sessionId.trim());
        if (session == null) {
            return null;
        }
        if (clock.millis() > Long.parseLong(session.get(1))) {
            delete(sessionId.trim());
            return null;
        }
        return session.get(0);
    }

    @Override
    protected ApiResponse handle(Call call) throws SQLException {
        return switch (call.endpoint()) {
            case LOGIN -> login(call.request());
            case LOGOUT -> logout(call.request());
            case COUNT_SESSIONS -> count("n_customersession");
            default -> throw new IllegalArgumentException("not a session endpoint: " + call.endpoint());
        };
    }

    private ApiResponse login(ApiRequest request) throws SQLException {
        String login = request.required("login");
        String password = request.required("password");
        String content = queries.string("SELECT content FROM n_customer WHERE id = ?", login);
        if (content == null
                || !password.equals(ApiJson.read(content).path("password").asText())) {
            throw ApiException.forbidden("invalid login or password");
        }
        String id = ids.next();
        long now = clock.millis();
        long timeout = now + SESSION_MILLIS;
        queries.update(
                "INSERT INTO n_customersession (id, customerid, timeouttime, content) VALUES (?, ?, ?, ?)",
                id,
                login,
                timeout,
                ApiJson.write(Documents.session(id, login, now, timeout)));
        return ApiResponse.text("logged in").withSessionCookie(id);
    }

    private ApiResponse logout(ApiRequest request) throws SQLException {
        if (request.sessionId() != null) {
            delete(request.sessionId().trim());
        }
        return ApiResponse.text("logged out").withSessionCookie("");
    }

    private void delete(String sessionId) throws SQLException {
        queries.update("DELETE FROM n_customersession WHERE id = ?", sessionId);
    }
}
