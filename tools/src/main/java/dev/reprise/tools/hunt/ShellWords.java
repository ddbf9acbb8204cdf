package dev.reprise.tools.hunt;

import java.util.List;
import java.util.regex.Pattern;

/** A command line to copy into a POSIX shell: words quoted only where the shell would split or expand them. */
public final class ShellWords {
    private static final Pattern PLAIN = Pattern.compile("[A-Za-z0-9_./:=@%+,-]+");

    private ShellWords() {}

    /** {@code words} joined by spaces, each quoted if it needs to be. */
    public static String join(List<String> words) {
        StringBuilder b = new StringBuilder();
        for (String w : words) {
            b.append(b.isEmpty() ? "" : " ").append(quote(w));
        }
        return b.toString();
    }

    /** {@code word} as the shell reads it back: as it is, or in single quotes. */
    public static String quote(String word) {
        if (PLAIN.matcher(word).matches()) {
            return word;
        }
        return "'" + word.replace("'", "'\\''") + "'";
    }
}
