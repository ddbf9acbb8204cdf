package dev.reprise.tide.parser;

/**
 * A lexical token. Keywords and operators are kept by their text.
 *
 * @param kind   what sort of token
 * @param text   the token's text (a string literal's value, unescaped)
 * @param line   1-based line of its first character
 * @param column 1-based column of its first character
 * @param offset character index of its first character
 * @param end    character index after its last character
 */
record Token(Kind kind, String text, int line, int column, int offset, int end) {
    /** Token sorts. */
    enum Kind {
        NAME,
        INTEGER,
        FLOAT,
        STRING,
        SYMBOL,
        END
    }

    /** Whether this is the given operator, punctuation or keyword. */
    boolean is(String symbolOrKeyword) {
        return (kind == Kind.SYMBOL || kind == Kind.NAME) && text.equals(symbolOrKeyword);
    }
}
