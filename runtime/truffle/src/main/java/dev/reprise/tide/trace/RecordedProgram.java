package dev.reprise.tide.trace;

import dev.reprise.trace.Json;
import dev.reprise.trace.TraceMetadata;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;

/**
 * The program a trace is of: its file's name, the SHA-256 of its source text and its arguments
 * ({@code args()}), in the trace's settings. A replay is matched to its trace by the source text,
 * not by the file's name, so a renamed or moved copy of the program replays and a changed one is
 * refused; and by its arguments.
 *
 * @param name the file's name, as {@code trace.json}'s {@code program}
 * @param sourceHash the SHA-256 of the source text (UTF-8), in hex
 * @param arguments the program's arguments
 */
public record RecordedProgram(String name, String sourceHash, List<String> arguments) {
    /** The setting with the source text's SHA-256. */
    static final String SOURCE_HASH = "tide.sourceHash";
    /** The setting with the arguments, as a JSON array of strings. */
    static final String ARGUMENTS = "tide.args";

    public RecordedProgram {
        arguments = List.copyOf(arguments);
    }

    /** The program in file {@code name} with source text {@code source}, run with {@code arguments}. */
    public static RecordedProgram of(String name, CharSequence source, String[] arguments) {
        try {
            byte[] hash = MessageDigest.getInstance("SHA-256")
                    .digest(source.toString().getBytes(StandardCharsets.UTF_8));
            return new RecordedProgram(name, HexFormat.of().formatHex(hash), List.of(arguments));
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("every JDK has SHA-256", e);
        }
    }

    /** The settings a recording writes into {@code trace.json}. */
    Map<String, String> settings() {
        return Map.of(SOURCE_HASH, sourceHash, ARGUMENTS, argumentsJson(arguments));
    }

    /**
     * Why the trace in {@code dir}, of {@code recorded}, is not this program's run, in one line; or
     * null when it is. With {@code allowChanged}, a changed source text is let through (the replay
     * then reports where the program goes another way than recorded); other arguments never are.
     */
    String mismatch(Path dir, TraceMetadata recorded, boolean allowChanged) {
        String recordedHash = recorded.settings().get(SOURCE_HASH);
        String recordedArguments = recorded.settings().get(ARGUMENTS);
        if (recordedHash == null || recordedArguments == null) {
            return dir + " was recorded by an earlier Tide, which did not record the program's source text and "
                    + "arguments; record the program again";
        }
        if (!recordedHash.equals(sourceHash) && !allowChanged) {
            return recorded.program().equals(name)
                    ? dir + " is a trace of " + name + " as it was when recorded, and the program has changed since "
                            + "(its source text differs; --allow-changed-program replays it anyway)"
                    : dir + " is a trace of " + recorded.program() + ", not of " + name;
        }
        String given = argumentsJson(arguments);
        if (!recordedArguments.equals(given)) {
            return dir + " was recorded with " + describe(recordedArguments) + ", but this replay has "
                    + describe(given);
        }
        return null;
    }

    private static String argumentsJson(List<String> arguments) {
        return Json.write(new ArrayList<>(arguments)).strip();
    }

    private static String describe(String argumentsJson) {
        return argumentsJson.equals("[]") ? "no arguments" : "the arguments " + argumentsJson;
    }
}
