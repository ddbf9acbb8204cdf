package dev.reprise.tide.parser;

import java.util.Set;

/** Words that cannot name variables. */
final class Keywords {
    private static final Set<String> ALL =
            Set.of("actor", "def", "var", "fn", "new", "if", "else", "while", "return", "true", "false", "nil", "self");

    private Keywords() {}

    static boolean is(String word) {
        return ALL.contains(word);
    }
}
