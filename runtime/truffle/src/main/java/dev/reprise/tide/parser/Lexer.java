package dev.reprise.tide.parser;

import dev.reprise.tide.language.TideError;
import java.util.ArrayList;
import java.util.List;

/** Splits source text into tokens; {@code //} starts a comment running to the end of the line. */
final class Lexer {
    // Longest first, so that "<=" is not read as "<" then "=".
    private static final String[] SYMBOLS = {
        "<-", "<=", ">=", "==", "!=", "&&", "||", "(", ")", "{", "}", "[", "]", ",", ";", "+", "-", "*", "/", "%", "<",
        ">", "=", "!"
    };

    private final String text;
    private final String sourceName;
    private int pos;
    private int line = 1;
    private int lineStart;

    Lexer(String text, String sourceName) {
        this.text = text;
        this.sourceName = sourceName;
    }

    List<Token> tokens() {
        List<Token> tokens = new ArrayList<>();
        while (true) {
            skipSpaceAndComments();
            if (pos >= text.length()) {
                tokens.add(new Token(Token.Kind.END, "end of file", line, column(pos), pos, pos));
                return tokens;
            }
            tokens.add(next());
        }
    }

    private Token next() {
        int start = pos;
        char c = text.charAt(pos);
        if (Character.isDigit(c)) {
            return number(start);
        }
        if (Character.isLetter(c) || c == '_') {
            while (pos < text.length() && (Character.isLetterOrDigit(text.charAt(pos)) || text.charAt(pos) == '_')) {
                pos++;
            }
            return new Token(Token.Kind.NAME, text.substring(start, pos), line, column(start), start, pos);
        }
        if (c == '"') {
            return string(start);
        }
        for (String symbol : SYMBOLS) {
            if (text.startsWith(symbol, pos)) {
                pos += symbol.length();
                return new Token(Token.Kind.SYMBOL, symbol, line, column(start), start, pos);
            }
        }
        throw error(start, "unexpected character '" + c + "'");
    }

    private Token number(int start) {
        while (pos < text.length() && Character.isDigit(text.charAt(pos))) {
            pos++;
        }
        boolean isFloat = pos + 1 < text.length() && text.charAt(pos) == '.' && Character.isDigit(text.charAt(pos + 1));
        if (isFloat) {
            pos++;
            while (pos < text.length() && Character.isDigit(text.charAt(pos))) {
                pos++;
            }
        }
        return new Token(
                isFloat ? Token.Kind.FLOAT : Token.Kind.INTEGER,
                text.substring(start, pos),
                line,
                column(start),
                start,
                pos);
    }

    private Token string(int start) {
        StringBuilder value = new StringBuilder();
        pos++;
        while (pos < text.length() && text.charAt(pos) != '"' && text.charAt(pos) != '\n') {
            char c = text.charAt(pos++);
            if (c == '\\' && pos < text.length()) {
                char escaped = text.charAt(pos++);
                c = switch (escaped) {
                    case 'n' -> '\n';
                    case 't' -> '\t';
                    case '"', '\\' -> escaped;
                    default -> throw error(pos - 2, "unknown escape \\" + escaped);
                };
            }
            value.append(c);
        }
        if (pos >= text.length() || text.charAt(pos) != '"') {
            throw error(start, "unterminated string");
        }
        pos++;
        return new Token(Token.Kind.STRING, value.toString(), line, column(start), start, pos);
    }

    private void skipSpaceAndComments() {
        while (pos < text.length()) {
            char c = text.charAt(pos);
            if (c == '\n') {
                pos++;
                line++;
                lineStart = pos;
            } else if (Character.isWhitespace(c)) {
                pos++;
            } else if (text.startsWith("//", pos)) {
                while (pos < text.length() && text.charAt(pos) != '\n') {
                    pos++;
                }
            } else {
                return;
            }
        }
    }

    private int column(int offset) {
        return offset - lineStart + 1;
    }

    private TideError error(int offset, String message) {
        return ParseError.at(sourceName, line, column(offset), message);
    }
}
