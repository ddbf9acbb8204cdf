package dev.reprise.acmeair.db;

import dev.reprise.api.Codec;
import dev.reprise.api.Reprise;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;

/**
 * An actor's database access: each statement is a Reprise system call ({@link Reprise#systemCall}).
 * Recorded, a statement's result is kept in the trace; replayed, the result comes from the trace
 * and the database is not touched. So a recorded session replays without its database, whatever
 * state it was in, and whatever Derby does inside (its own clock reads, caches, background threads)
 * is not part of the actors' recorded turns. Without the agent, statements simply run.
 *
 * <p>A statement that fails is recorded as its failure, and fails again in replay.
 */
public final class Queries implements AutoCloseable {
    private final Connection connection;

    /** @param connection the actor's own connection, closed by {@link #close()} */
    public Queries(Connection connection) {
        this.connection = connection;
    }

    /** @return the first column of the first row, or {@code null} when there is none */
    public String string(String sql, Object... parameters) throws SQLException {
        return run(
                c -> {
                    try (PreparedStatement s = prepare(c, sql, parameters);
                            ResultSet r = s.executeQuery()) {
                        return r.next() ? r.getString(1) : null;
                    }
                },
                RecordedCodecs.NULLABLE_STRING);
    }

    /** @return the first column of every row, in order */
    public List<String> strings(String sql, Object... parameters) throws SQLException {
        return run(
                c -> {
                    List<String> out = new ArrayList<>();
                    try (PreparedStatement s = prepare(c, sql, parameters);
                            ResultSet r = s.executeQuery()) {
                        while (r.next()) {
                            out.add(r.getString(1));
                        }
                    }
                    return out;
                },
                RecordedCodecs.STRINGS);
    }

    /** @return every column of the first row as text, or {@code null} when there is none */
    public List<String> row(String sql, Object... parameters) throws SQLException {
        return run(
                c -> {
                    try (PreparedStatement s = prepare(c, sql, parameters);
                            ResultSet r = s.executeQuery()) {
                        if (!r.next()) {
                            return null;
                        }
                        List<String> out = new ArrayList<>();
                        for (int i = 1; i <= r.getMetaData().getColumnCount(); i++) {
                            out.add(r.getString(i));
                        }
                        return out;
                    }
                },
                RecordedCodecs.STRINGS);
    }

    /** @return the first column of the first row as a number (a count) */
    public long number(String sql, Object... parameters) throws SQLException {
        return run(
                c -> {
                    try (PreparedStatement s = prepare(c, sql, parameters);
                            ResultSet r = s.executeQuery()) {
                        r.next();
                        return r.getLong(1);
                    }
                },
                Codec.longs());
    }

    /** @return the number of rows an insert, update or delete changed */
    public long update(String sql, Object... parameters) throws SQLException {
        return run(
                c -> {
                    try (PreparedStatement s = prepare(c, sql, parameters)) {
                        return (long) s.executeUpdate();
                    }
                },
                Codec.longs());
    }

    /**
     * Work on the connection as one system call, its result recorded with {@code codec}. A statement
     * that fails is recorded too (its SQLState, vendor code and message), so a session in which the
     * database refused something (a duplicate key) replays: the replay throws the same failure.
     */
    public <T> T run(Work<T> work, Codec<T> codec) throws SQLException {
        Outcome<T> outcome = Reprise.systemCall(
                () -> {
                    try {
                        return new Outcome<>(work.on(connection), null);
                    } catch (SQLException e) {
                        return new Outcome<>(null, e);
                    }
                },
                RecordedCodecs.outcome(codec));
        if (outcome.failure() != null) {
            throw outcome.failure();
        }
        return outcome.value();
    }

    private static PreparedStatement prepare(Connection c, String sql, Object... parameters) throws SQLException {
        PreparedStatement s = c.prepareStatement(sql);
        try {
            for (int i = 0; i < parameters.length; i++) {
                s.setObject(i + 1, parameters[i]);
            }
        } catch (SQLException e) {
            s.close();
            throw e;
        }
        return s;
    }

    @Override
    public void close() throws SQLException {
        connection.close();
    }

    /** Database work on a connection. */
    @FunctionalInterface
    public interface Work<T> {
        /** @return its result */
        T on(Connection connection) throws SQLException;
    }

    /** A statement's result, or its failure (then {@code value} is null). */
    record Outcome<T>(T value, SQLException failure) {}
}
