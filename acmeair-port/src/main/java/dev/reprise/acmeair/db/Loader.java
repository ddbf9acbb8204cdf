package dev.reprise.acmeair.db;

import dev.reprise.acmeair.support.ApiJson;
import dev.reprise.acmeair.support.Ids;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;

/**
 * Fills an empty database as the Acme-Air loader does: customers, the airports and segments of
 * {@code mileage.csv}, and flights on each segment for the next days from "today" at midnight.
 * Deterministic: the same settings and the same "today" give the same rows.
 */
public final class Loader {
    private static final int BATCH = 500;

    private Loader() {}

    /**
     * @param c a connection
     * @return whether the database already holds customers
     * @throws SQLException on database errors
     */
    public static boolean isLoaded(Connection c) throws SQLException {
        try (PreparedStatement s = c.prepareStatement("SELECT 1 FROM n_customer FETCH FIRST 1 ROWS ONLY");
                ResultSet r = s.executeQuery()) {
            return r.next();
        }
    }

    /**
     * Loads the data in one transaction.
     *
     * @param c a connection
     * @param settings the sizes
     * @param todayMidnight epoch milliseconds of the first day's midnight
     * @throws SQLException on database errors
     */
    public static void load(Connection c, LoaderSettings settings, long todayMidnight) throws SQLException {
        boolean autoCommit = c.getAutoCommit();
        c.setAutoCommit(false);
        try {
            insertCustomers(c, settings.customers());
            insertFlightData(c, settings, todayMidnight);
            c.commit();
        } catch (SQLException | RuntimeException e) {
            c.rollback();
            throw e;
        } finally {
            c.setAutoCommit(autoCommit);
        }
    }

    private static void insertCustomers(Connection c, int customers) throws SQLException {
        try (PreparedStatement s = c.prepareStatement("INSERT INTO n_customer (id, content) VALUES (?, ?)")) {
            for (int i = 0; i < customers; i++) {
                String id = "uid" + i + "@email.com";
                s.setString(1, id);
                s.setString(2, ApiJson.write(Documents.customer(id)));
                addToBatch(s, i);
            }
            s.executeBatch();
        }
    }

    private static void insertFlightData(Connection c, LoaderSettings settings, long todayMidnight)
            throws SQLException {
        Mileage mileage = Mileage.load();
        try (PreparedStatement s = c.prepareStatement("INSERT INTO n_airportcodemapping (id, content) VALUES (?, ?)")) {
            for (Mileage.Airport airport : mileage.airports()) {
                s.setString(1, airport.code());
                s.setString(2, ApiJson.write(Documents.airport(airport)));
                s.addBatch();
            }
            s.executeBatch();
        }
        Ids ids = new Ids(settings.seed());
        try (PreparedStatement segments = c.prepareStatement(
                        "INSERT INTO n_flightsegment (id, originport, destport, content) VALUES (?, ?, ?, ?)");
                PreparedStatement flights = c.prepareStatement(
                        "INSERT INTO n_flight (id, flightsegmentid, scheduleddeparturetime, content) VALUES (?, ?, ?, ?)")) {
            int n = 0;
            for (Mileage.Segment segment : mileage.segments()) {
                segments.setString(1, segment.id());
                segments.setString(2, segment.origin());
                segments.setString(3, segment.destination());
                segments.setString(4, ApiJson.write(Documents.segment(segment)));
                segments.addBatch();
                for (int day = 0; day < settings.days(); day++) {
                    long departure = todayMidnight + day * 86_400_000L;
                    for (int k = 0; k < settings.flightsPerDay(); k++) {
                        String id = ids.next();
                        flights.setString(1, id);
                        flights.setString(2, segment.id());
                        flights.setLong(3, departure);
                        flights.setString(4, ApiJson.write(Documents.flight(id, segment, departure)));
                        addToBatch(flights, n++);
                    }
                }
            }
            segments.executeBatch();
            flights.executeBatch();
        }
    }

    private static void addToBatch(PreparedStatement s, int index) throws SQLException {
        s.addBatch();
        if (index % BATCH == BATCH - 1) {
            s.executeBatch();
        }
    }
}
