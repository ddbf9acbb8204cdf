package dev.reprise.tide.launcher;

import java.util.ArrayList;
import java.util.List;

/**
 * The launcher's command line: its options, the program file and the program's arguments. The
 * options are recognised anywhere before {@code --}, after the file too, so that {@code FILE
 * --record DIR} records; every other word after the file is the program's (a negative number, an
 * option of the program's own), and every word after {@code --} is, options or not.
 *
 * @param record the trace directory to record into, or empty
 * @param replay the trace directory to replay, or empty
 * @param replayChangedProgram replay even if the program's source text changed since the recording
 * @param file the program file
 * @param programArguments the program's {@code args()}
 */
record CommandLine(
        String record, String replay, boolean replayChangedProgram, String file, List<String> programArguments) {
    static final String USAGE = "usage: Launcher [--record DIR | --replay DIR [--allow-changed-program]] FILE.tide"
            + " [ARG...] [-- ARG...]\n"
            + "  the options may also come after FILE; every word after -- is the program's";

    /** A command line that cannot be run: the one-line reason. */
    static final class Invalid extends Exception {
        private static final long serialVersionUID = 1L;

        Invalid(String reason) {
            super(reason);
        }
    }

    /** Parses the launcher's arguments. */
    static CommandLine parse(String[] args) throws Invalid {
        String record = null;
        String replay = null;
        boolean changed = false;
        String file = null;
        List<String> programArguments = new ArrayList<>();
        for (int i = 0; i < args.length; i++) {
            String word = args[i];
            String option = word.startsWith("--") && word.contains("=") ? word.substring(0, word.indexOf('=')) : word;
            switch (option) {
                case "--" -> {
                    int rest = i + 1;
                    if (file == null && rest < args.length) {
                        file = args[rest++];
                    }
                    programArguments.addAll(List.of(args).subList(Math.min(rest, args.length), args.length));
                    i = args.length;
                }
                case "--record" -> {
                    once(record, option);
                    record = value(args, i, word);
                    i += word.equals(option) ? 1 : 0;
                }
                case "--replay" -> {
                    once(replay, option);
                    replay = value(args, i, word);
                    i += word.equals(option) ? 1 : 0;
                }
                case "--allow-changed-program" -> {
                    if (!word.equals(option)) {
                        throw new Invalid(option + " takes no value");
                    }
                    changed = true;
                }
                default -> {
                    if (file != null) {
                        programArguments.add(word);
                    } else if (word.startsWith("-")) {
                        throw new Invalid("unknown option " + word + " (options: --record, --replay, "
                                + "--allow-changed-program)");
                    } else {
                        file = word;
                    }
                }
            }
        }
        if (file == null) {
            throw new Invalid("no program file given");
        }
        if (record != null && replay != null) {
            throw new Invalid("--record and --replay exclude each other");
        }
        if (changed && replay == null) {
            throw new Invalid("--allow-changed-program is for --replay");
        }
        return new CommandLine(
                record == null ? "" : record, replay == null ? "" : replay, changed, file, programArguments);
    }

    private static void once(String given, String option) throws Invalid {
        if (given != null) {
            throw new Invalid(option + " is given twice");
        }
    }

    // The directory of "--record DIR" at i, or of "--record=DIR".
    private static String value(String[] args, int i, String word) throws Invalid {
        int equals = word.indexOf('=');
        String option = equals < 0 ? word : word.substring(0, equals);
        String dir = equals >= 0 ? word.substring(equals + 1) : i + 1 < args.length ? args[i + 1] : "";
        if (dir.isEmpty() || (equals < 0 && dir.startsWith("--"))) {
            throw new Invalid(option + " needs a trace directory");
        }
        return dir;
    }
}
