package dev.reprise.acmeair.db;

import dev.reprise.api.Codec;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.sql.SQLException;
import java.sql.SQLIntegrityConstraintViolationException;
import java.util.ArrayList;
import java.util.List;

/** How {@link Queries} keeps statement results in a trace: texts that may be null, and lists of them. */
final class RecordedCodecs {
    private RecordedCodecs() {}

    /** A text or null. */
    static final Codec<String> NULLABLE_STRING = new Codec<>() {
        @Override
        public byte[] encode(String value) {
            return write(out -> writeString(out, value));
        }

        @Override
        public String decode(byte[] bytes) {
            return read(bytes, RecordedCodecs::readString);
        }
    };

    /** A list of texts (each may be null), or null. */
    static final Codec<List<String>> STRINGS = new Codec<>() {
        @Override
        public byte[] encode(List<String> value) {
            return write(out -> {
                out.writeInt(value == null ? -1 : value.size());
                if (value != null) {
                    for (String s : value) {
                        writeString(out, s);
                    }
                }
            });
        }

        @Override
        public List<String> decode(byte[] bytes) {
            return read(bytes, in -> {
                int n = in.readInt();
                if (n < 0) {
                    return null;
                }
                List<String> out = new ArrayList<>(n);
                for (int i = 0; i < n; i++) {
                    out.add(readString(in));
                }
                return out;
            });
        }
    };

    /**
     * A statement's outcome: a byte 0 and its result in {@code result}'s encoding, or a byte 1 and the
     * failure's SQLState, vendor code and message, made again as an {@link SQLException} (an
     * integrity constraint's as {@link SQLIntegrityConstraintViolationException}, as JDBC classes
     * them by SQLState).
     */
    static <T> Codec<Queries.Outcome<T>> outcome(Codec<T> result) {
        return new Codec<>() {
            @Override
            public byte[] encode(Queries.Outcome<T> outcome) {
                SQLException f = outcome.failure();
                if (f == null) {
                    byte[] value = result.encode(outcome.value());
                    byte[] out = new byte[value.length + 1];
                    System.arraycopy(value, 0, out, 1, value.length);
                    return out;
                }
                return write(out -> {
                    out.writeByte(1);
                    writeString(out, f.getSQLState());
                    out.writeInt(f.getErrorCode());
                    writeString(out, f.getMessage());
                });
            }

            @Override
            public Queries.Outcome<T> decode(byte[] bytes) {
                if (bytes.length == 0) {
                    throw new UncheckedIOException(new IOException("a recorded statement outcome is empty"));
                }
                if (bytes[0] == 0) {
                    return new Queries.Outcome<>(
                            result.decode(java.util.Arrays.copyOfRange(bytes, 1, bytes.length)), null);
                }
                return read(bytes, in -> {
                    in.readByte();
                    String state = readString(in);
                    int code = in.readInt();
                    String message = readString(in);
                    SQLException failure = state != null && state.startsWith("23")
                            ? new SQLIntegrityConstraintViolationException(message, state, code)
                            : new SQLException(message, state, code);
                    return new Queries.Outcome<>(null, failure);
                });
            }
        };
    }

    private interface Writer {
        void to(DataOutputStream out) throws IOException;
    }

    private interface Reader<T> {
        T from(DataInputStream in) throws IOException;
    }

    private static byte[] write(Writer writer) {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        try (DataOutputStream out = new DataOutputStream(bytes)) {
            writer.to(out);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return bytes.toByteArray();
    }

    private static <T> T read(byte[] bytes, Reader<T> reader) {
        try (DataInputStream in = new DataInputStream(new ByteArrayInputStream(bytes))) {
            return reader.from(in);
        } catch (IOException e) {
            throw new UncheckedIOException("a recorded statement result is damaged", e);
        }
    }

    /** Length-prefixed UTF-8 (writeUTF stops at 64 KB; documents may be longer); -1 for null. */
    private static void writeString(DataOutputStream out, String s) throws IOException {
        if (s == null) {
            out.writeInt(-1);
            return;
        }
        byte[] utf8 = s.getBytes(java.nio.charset.StandardCharsets.UTF_8);
        out.writeInt(utf8.length);
        out.write(utf8);
    }

    private static String readString(DataInputStream in) throws IOException {
        int n = in.readInt();
        if (n < 0) {
            return null;
        }
        return new String(in.readNBytes(n), java.nio.charset.StandardCharsets.UTF_8);
    }
}
