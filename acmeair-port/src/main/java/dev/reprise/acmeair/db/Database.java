package dev.reprise.acmeair.db;

import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;

/**
 * The embedded Apache Derby database holding the {@code n_*} tables. Each table keeps the
 * document as JSON in {@code content}, next to the key columns it is searched by, as the Node.js
 * version's Cassandra DDL does.
 */
public final class Database {
    private static final String[] SCHEMA = {
        "CREATE TABLE n_customer (id VARCHAR(128) PRIMARY KEY, content VARCHAR(2000) NOT NULL)",
        "CREATE TABLE n_customersession (id VARCHAR(64) PRIMARY KEY, customerid VARCHAR(128) NOT NULL,"
                + " timeouttime BIGINT NOT NULL, content VARCHAR(1000) NOT NULL)",
        // seq: bookings are listed in the order they were made, as the Node.js version lists them.
        "CREATE TABLE n_booking (id VARCHAR(64) PRIMARY KEY, customerid VARCHAR(128) NOT NULL,"
                + " seq BIGINT GENERATED ALWAYS AS IDENTITY, content VARCHAR(1000) NOT NULL)",
        "CREATE INDEX n_booking_customer ON n_booking (customerid)",
        "CREATE TABLE n_flight (id VARCHAR(64) PRIMARY KEY, flightsegmentid VARCHAR(16) NOT NULL,"
                + " scheduleddeparturetime BIGINT NOT NULL, content VARCHAR(2000) NOT NULL)",
        "CREATE INDEX n_flight_segment_time ON n_flight (flightsegmentid, scheduleddeparturetime)",
        "CREATE TABLE n_flightsegment (id VARCHAR(16) PRIMARY KEY, originport VARCHAR(8) NOT NULL,"
                + " destport VARCHAR(8) NOT NULL, content VARCHAR(1000) NOT NULL)",
        "CREATE INDEX n_flightsegment_ports ON n_flightsegment (originport, destport)",
        "CREATE TABLE n_airportcodemapping (id VARCHAR(8) PRIMARY KEY, content VARCHAR(1000) NOT NULL)",
    };
    /** How many servers have started on this database (one row): see {@link #nextRun}. */
    private static final String RUNS = "CREATE TABLE n_runs (id INT PRIMARY KEY, runs BIGINT NOT NULL)";

    private final String url;

    private Database(String url) {
        this.url = url;
    }

    /**
     * Opens the database in {@code dir}, creating it and its tables if needed.
     *
     * @param dir the database directory
     * @return the database
     * @throws SQLException if Derby cannot open or create it
     */
    public static Database open(Path dir) throws SQLException {
        // Derby's log goes next to the database, not into the working directory.
        if (System.getProperty("derby.stream.error.file") == null) {
            System.setProperty("derby.stream.error.file", dir.toAbsolutePath() + ".derby.log");
        }
        Database db = new Database("jdbc:derby:" + dir.toAbsolutePath() + ";create=true");
        try (Connection c = db.connect()) {
            if (!c.getMetaData().getTables(null, null, "N_CUSTOMER", null).next()) {
                try (Statement s = c.createStatement()) {
                    for (String ddl : SCHEMA) {
                        s.execute(ddl);
                    }
                }
            }
            if (!c.getMetaData().getTables(null, null, "N_RUNS", null).next()) { // also in older databases
                try (Statement s = c.createStatement()) {
                    s.execute(RUNS);
                }
            }
        }
        return db;
    }

    /**
     * Counts a server's start on this database: 1 for the first, 2 for the next... Mixed into the
     * seed of the ids the server makes ({@code Ids.forRun}), so a server started again on the same
     * database with the same {@code --seed} makes no session or booking id an earlier run made.
     *
     * @return this start's number
     * @throws SQLException if Derby refuses
     */
    public long nextRun() throws SQLException {
        try (Connection c = connect();
                Statement s = c.createStatement()) {
            if (s.executeUpdate("UPDATE n_runs SET runs = runs + 1 WHERE id = 0") == 0) {
                s.executeUpdate("INSERT INTO n_runs (id, runs) VALUES (0, 1)");
            }
            try (ResultSet r = s.executeQuery("SELECT runs FROM n_runs WHERE id = 0")) {
                r.next();
                return r.getLong(1);
            }
        }
    }

    /**
     * @return a new connection in auto-commit mode; each actor keeps its own
     * @throws SQLException if Derby refuses
     */
    public Connection connect() throws SQLException {
        return DriverManager.getConnection(url);
    }

    /**
     * Closes this database (its files), leaving Derby able to open others in this JVM. Call it when
     * no connection is in use any more.
     */
    public void shutdown() {
        try {
            DriverManager.getConnection(url.replace(";create=true", ";shutdown=true"))
                    .close();
        } catch (SQLException expected) {
            // Derby reports a successful database shutdown with SQLState 08006.
        }
    }
}
