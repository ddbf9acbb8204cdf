package dev.reprise.trace;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The little JSON this module needs for its metadata file, without a dependency: parses to
 * {@code Map} (insertion-ordered), {@code List}, {@code String}, {@code Long}, {@code Double},
 * {@code Boolean} or null, and writes such values back, indented.
 */
public final class Json {
    private final String text;
    private int p;

    private Json(String text) {
        this.text = text;
    }

    /** A syntax error, with line and column. */
    public static final class ParseException extends Exception {
        ParseException(String message) {
            super(message);
        }
    }

    public static Object parse(String text) throws ParseException {
        Json j = new Json(text);
        j.skipSpace();
        Object v = j.value();
        j.skipSpace();
        if (j.p != text.length()) {
            throw j.error("unexpected text after the JSON value");
        }
        return v;
    }

    private ParseException error(String what) {
        int line = 1;
        int col = 1;
        for (int i = 0; i < Math.min(p, text.length()); i++) {
            if (text.charAt(i) == '\n') {
                line++;
                col = 1;
            } else {
                col++;
            }
        }
        return new ParseException(what + " at line " + line + ", column " + col);
    }

    private void skipSpace() {
        while (p < text.length() && Character.isWhitespace(text.charAt(p))) {
            p++;
        }
    }

    private Object value() throws ParseException {
        if (p >= text.length()) {
            throw error("unexpected end of text");
        }
        char c = text.charAt(p);
        switch (c) {
            case '{':
                return object();
            case '[':
                return array();
            case '"':
                return string();
            case 't':
                return literal("true", Boolean.TRUE);
            case 'f':
                return literal("false", Boolean.FALSE);
            case 'n':
                return literal("null", null);
            default:
                if (c == '-' || (c >= '0' && c <= '9')) {
                    return number();
                }
                throw error("unexpected character '" + c + "'");
        }
    }

    private Object literal(String word, Object v) throws ParseException {
        if (!text.startsWith(word, p)) {
            throw error("expected " + word);
        }
        p += word.length();
        return v;
    }

    private Map<String, Object> object() throws ParseException {
        Map<String, Object> m = new LinkedHashMap<>();
        p++;
        skipSpace();
        if (p < text.length() && text.charAt(p) == '}') {
            p++;
            return m;
        }
        while (true) {
            skipSpace();
            if (p >= text.length() || text.charAt(p) != '"') {
                throw error("expected a quoted key");
            }
            String key = string();
            skipSpace();
            expect(':');
            skipSpace();
            m.put(key, value());
            skipSpace();
            if (p < text.length() && text.charAt(p) == ',') {
                p++;
                continue;
            }
            expect('}');
            return m;
        }
    }

    private List<Object> array() throws ParseException {
        List<Object> l = new ArrayList<>();
        p++;
        skipSpace();
        if (p < text.length() && text.charAt(p) == ']') {
            p++;
            return l;
        }
        while (true) {
            skipSpace();
            l.add(value());
            skipSpace();
            if (p < text.length() && text.charAt(p) == ',') {
                p++;
                continue;
            }
            expect(']');
            return l;
        }
    }

    private void expect(char c) throws ParseException {
        if (p >= text.length() || text.charAt(p) != c) {
            throw error("expected '" + c + "'");
        }
        p++;
    }

    private String string() throws ParseException {
        p++;
        StringBuilder sb = new StringBuilder();
        while (true) {
            if (p >= text.length()) {
                throw error("unterminated string");
            }
            char c = text.charAt(p++);
            if (c == '"') {
                return sb.toString();
            }
            if (c != '\\') {
                sb.append(c);
                continue;
            }
            if (p >= text.length()) {
                throw error("unterminated escape");
            }
            char e = text.charAt(p++);
            switch (e) {
                case '"', '\\', '/' -> sb.append(e);
                case 'b' -> sb.append('\b');
                case 'f' -> sb.append('\f');
                case 'n' -> sb.append('\n');
                case 'r' -> sb.append('\r');
                case 't' -> sb.append('\t');
                case 'u' -> {
                    if (p + 4 > text.length()) {
                        throw error("short \\u escape");
                    }
                    try {
                        sb.append((char) Integer.parseInt(text.substring(p, p + 4), 16));
                    } catch (NumberFormatException x) {
                        throw error("bad \\u escape");
                    }
                    p += 4;
                }
                default -> throw error("bad escape \\" + e);
            }
        }
    }

    private Object number() throws ParseException {
        int start = p;
        while (p < text.length() && "+-0123456789.eE".indexOf(text.charAt(p)) >= 0) {
            p++;
        }
        String n = text.substring(start, p);
        try {
            if (n.indexOf('.') < 0 && n.indexOf('e') < 0 && n.indexOf('E') < 0) {
                return Long.parseLong(n);
            }
            return Double.parseDouble(n);
        } catch (NumberFormatException x) {
            p = start;
            throw error("bad number '" + n + "'");
        }
    }

    /** Writes {@code value} as indented JSON. */
    public static String write(Object value) {
        StringBuilder sb = new StringBuilder();
        write(sb, value, 0);
        return sb.append('\n').toString();
    }

    private static void write(StringBuilder sb, Object v, int indent) {
        if (v == null) {
            sb.append("null");
        } else if (v instanceof String s) {
            quote(sb, s);
        } else if (v instanceof Number || v instanceof Boolean) {
            sb.append(v);
        } else if (v instanceof Map<?, ?> m) {
            if (m.isEmpty()) {
                sb.append("{}");
                return;
            }
            sb.append("{\n");
            int i = 0;
            for (Map.Entry<?, ?> e : m.entrySet()) {
                sb.append("  ".repeat(indent + 1));
                quote(sb, String.valueOf(e.getKey()));
                sb.append(": ");
                write(sb, e.getValue(), indent + 1);
                sb.append(++i < m.size() ? ",\n" : "\n");
            }
            sb.append("  ".repeat(indent)).append('}');
        } else if (v instanceof List<?> l) {
            sb.append('[');
            for (int i = 0; i < l.size(); i++) {
                if (i > 0) {
                    sb.append(", ");
                }
                write(sb, l.get(i), indent + 1);
            }
            sb.append(']');
        } else {
            throw new IllegalArgumentException("cannot write " + v.getClass().getName() + " as JSON");
        }
    }

    private static void quote(StringBuilder sb, String s) {
        sb.append('"');
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            switch (c) {
                case '"' -> sb.append("\\\"");
                case '\\' -> sb.append("\\\\");
                case '\n' -> sb.append("\\n");
                case '\r' -> sb.append("\\r");
                case '\t' -> sb.append("\\t");
                default -> {
                    if (c < 0x20) {
                        sb.append(String.format("\\u%04x", (int) c));
                    } else {
                        sb.append(c);
                    }
                }
            }
        }
        sb.append('"');
    }
}
