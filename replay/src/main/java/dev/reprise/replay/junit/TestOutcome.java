package dev.reprise.replay.junit;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.ObjectInputStream;
import java.io.ObjectOutputStream;
import java.io.ObjectStreamClass;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.extension.ExtensionConfigurationException;
import org.junit.jupiter.api.extension.ExtensionContext;
import org.opentest4j.TestAbortedException;

/**
 * How a test ended in its own JVM, as that JVM tells the test's JVM through a file: its status, its
 * failure's stack trace as text, and the failure itself serialized, so that the test's JVM can throw
 * the very exception (an IDE's expected/actual diff keeps working) or, if it does not deserialize,
 * an {@link AssertionError} with the text.
 *
 * @param status how the test ended
 * @param text the failure's stack trace or the reason it was skipped; empty when it passed
 * @param failure the failure serialized, or empty when it had none or did not serialize
 */
record TestOutcome(Status status, String text, byte[] failure) {
    enum Status {
        PASSED,
        FAILED,
        /** An assumption did not hold. */
        ABORTED,
        SKIPPED,
        /** The JUnit Platform found no test of that id in the child's class path. */
        NOT_FOUND
    }

    static TestOutcome of(Status status, Throwable t) {
        if (t == null) {
            return new TestOutcome(status, "", new byte[0]);
        }
        StringWriter trace = new StringWriter();
        t.printStackTrace(new PrintWriter(trace));
        byte[] bytes;
        try {
            ByteArrayOutputStream out = new ByteArrayOutputStream();
            try (ObjectOutputStream o = new ObjectOutputStream(out)) {
                o.writeObject(t);
            }
            bytes = out.toByteArray();
        } catch (IOException | RuntimeException notSerializable) {
            bytes = new byte[0];
        }
        return new TestOutcome(status, trace.toString(), bytes);
    }

    void write(Path file) throws IOException {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        try (DataOutputStream out = new DataOutputStream(bytes)) {
            out.writeUTF(status.name());
            byte[] utf8 = text.getBytes(java.nio.charset.StandardCharsets.UTF_8);
            out.writeInt(utf8.length);
            out.write(utf8);
            out.writeInt(failure.length);
            out.write(failure);
        }
        Files.write(file, bytes.toByteArray());
    }

    /** The outcome in {@code file}, or null when the test's JVM wrote none (it was killed, or halted by the replay). */
    static TestOutcome read(Path file) throws IOException {
        if (!Files.isRegularFile(file) || Files.size(file) == 0) {
            return null;
        }
        try (DataInputStream in = new DataInputStream(Files.newInputStream(file))) {
            Status status = Status.valueOf(in.readUTF());
            String text = new String(in.readNBytes(in.readInt()), java.nio.charset.StandardCharsets.UTF_8);
            return new TestOutcome(status, text, in.readNBytes(in.readInt()));
        }
    }

    /** A run that neither passed nor failed: skipped or aborted there, so here too; or no such test there. */
    Throwable notFailed(ExtensionContext context) {
        return switch (status) {
            case ABORTED -> throwable(context.getRequiredTestClass().getClassLoader());
            case SKIPPED -> new TestAbortedException("skipped in its own JVM: " + text);
            default ->
                new ExtensionConfigurationException(
                        "the test's own JVM found no test " + context.getUniqueId() + ": " + text);
        };
    }

    /** The failure as it was thrown, or an {@link AssertionError} carrying its text. */
    Throwable throwable(ClassLoader loader) {
        if (failure.length > 0) {
            try (ObjectInputStream in = new LoaderObjectInputStream(new ByteArrayInputStream(failure), loader)) {
                return (Throwable) in.readObject();
            } catch (IOException | ClassNotFoundException | ClassCastException e) {
                // the text below says it all
            }
        }
        return new AssertionError(
                text.isEmpty() ? "the test " + status.name().toLowerCase() + " in its own JVM" : text);
    }

    /** Resolves the failure's classes in the test's class loader, where its exception types live. */
    private static final class LoaderObjectInputStream extends ObjectInputStream {
        private final ClassLoader loader;

        LoaderObjectInputStream(InputStream in, ClassLoader loader) throws IOException {
            super(in);
            this.loader = loader;
        }

        @Override
        protected Class<?> resolveClass(ObjectStreamClass desc) throws IOException, ClassNotFoundException {
            try {
                return Class.forName(desc.getName(), false, loader);
            } catch (ClassNotFoundException e) {
                return super.resolveClass(desc);
            }
        }
    }
}
