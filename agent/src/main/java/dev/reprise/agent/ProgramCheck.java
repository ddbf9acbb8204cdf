package dev.reprise.agent;

import java.util.Arrays;
import java.util.List;

/**
 * Whether a replay runs the program its trace recorded: the main class (or jar) and the arguments,
 * as the JVM gives them ({@code sun.java.command}) and as the trace's metadata kept them. The class
 * path and JVM options may differ (an IDE's do), the command line may not, unless the user says so.
 */
final class ProgramCheck {
    private ProgramCheck() {}

    /**
     * How this run's command line {@code now} differs from the {@code recorded} one, in words; null
     * when they are the same, or when the trace does not say (older traces, an unknown command).
     */
    static String difference(String recorded, String now) {
        if (recorded == null || recorded.isBlank() || recorded.equals("unknown") || now == null || now.isBlank()) {
            return null;
        }
        List<String> was = words(recorded);
        List<String> is = words(now);
        if (!was.getFirst().equals(is.getFirst())) {
            return "its main class was " + was.getFirst() + ", this run's is " + is.getFirst();
        }
        List<String> wasArgs = was.subList(1, was.size());
        List<String> isArgs = is.subList(1, is.size());
        if (!wasArgs.equals(isArgs)) {
            return "its arguments were " + wasArgs + ", this run's are " + isArgs;
        }
        return null;
    }

    private static List<String> words(String commandLine) {
        return Arrays.asList(commandLine.trim().split("\\s+"));
    }
}
