package dev.reprise.savina.peer;

import akka.actor.AbstractActor;
import akka.event.Logging;
import java.io.BufferedWriter;
import java.io.IOException;
import java.io.OutputStreamWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;

/**
 * An Akka logger ({@code akka.loggers}) that writes each log event as Akka's standard-out logger
 * formats it, {@code [LEVEL] [time] [thread] [source] message}, to {@code -Dsavina.peer.file}.
 */
public final class FileLogger extends AbstractActor {
    /** The file of the logger Akka made (one per actor system, and a benchmark JVM has one). */
    private static volatile RotatingFile current;

    private final BufferedWriter out;

    /** Opens the file; Akka creates this actor at start-up. */
    public FileLogger() throws IOException {
        current = new RotatingFile(file());
        out = new BufferedWriter(new OutputStreamWriter(current.stream(), StandardCharsets.UTF_8));
    }

    /** The bytes the logger wrote, once its actor system has terminated. */
    static long written() {
        return current == null ? 0 : current.written();
    }

    static Path file() {
        return Path.of(System.getProperty(Peers.FILE_PROPERTY));
    }

    @Override
    public Receive createReceive() {
        return receiveBuilder()
                .match(Logging.InitializeLogger.class, m -> getSender().tell(Logging.loggerInitialized(), getSelf()))
                .match(Logging.LogEvent.class, this::write)
                .build();
    }

    private void write(Logging.LogEvent e) throws IOException {
        out.write("[" + levelName(e.level()) + "] [" + e.timestamp() + "] ["
                + e.thread().getName() + "] [" + e.logSource() + "] " + e.message());
        out.newLine();
    }

    private static String levelName(int level) {
        return switch (level) {
            case 1 -> "ERROR";
            case 2 -> "WARN";
            case 3 -> "INFO";
            default -> "DEBUG";
        };
    }

    @Override
    public void postStop() throws IOException {
        out.close();
    }
}
