package dev.reprise.replay;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * What waits in a replay mailbox, grouped for a report: one line per kind of message, sender and
 * message class, with a count and one example ("37 × String from /user/a (5), e.g. "ping 1""), so
 * a mailbox of thousands of messages reads in a few lines. Groups keep the order they first
 * arrived in; examples are cut to {@link #TEXT_LIMIT} characters on one line.
 */
public final class HeldMessages {
    /** How much of one message's text a report shows. */
    static final int TEXT_LIMIT = 80;

    private record Key(String what, String from, String type) {}

    private static final class Group {
        long count;
        final String example;

        Group(String example) {
            this.example = example;
        }
    }

    private final Map<Key, Group> groups = new LinkedHashMap<>();
    private long total;

    /**
     * Counts one held message.
     *
     * @param what the kind of message ("message", "outside input", "system message: stop")
     * @param from its sender's name, or null when it has none to show
     * @param message the message itself (null for a system message, which is described by {@code what})
     */
    public void add(String what, String from, Object message) {
        String type = message == null
                ? null
                : message.getClass().getSimpleName().isEmpty()
                        ? message.getClass().getName()
                        : message.getClass().getSimpleName();
        groups.computeIfAbsent(new Key(what, from, type), k -> new Group(message == null ? null : text(message)))
                .count++;
        total++;
    }

    /** How many messages were counted. */
    long total() {
        return total;
    }

    /**
     * One line per group, in arrival order; with {@code limit} (at least 1) lines at most, the last
     * saying how many groups are left out, or all with a negative {@code limit}.
     */
    List<String> lines(int limit) {
        List<String> out = new ArrayList<>();
        int room = limit < 0 || groups.size() <= limit ? groups.size() : limit - 1;
        for (Map.Entry<Key, Group> e : groups.entrySet()) {
            if (out.size() == room) {
                out.add("... and " + (groups.size() - room) + " more kinds of message");
                break;
            }
            Key k = e.getKey();
            Group g = e.getValue();
            StringBuilder line = new StringBuilder().append(g.count).append(" × ");
            line.append(k.type() == null ? k.what() : k.type());
            if (k.type() != null && !k.what().equals("message")) {
                line.append(" (").append(k.what()).append(')');
            }
            if (k.from() != null) {
                line.append(" from ").append(k.from());
            }
            if (g.example != null) {
                line.append(g.count == 1 ? ": " : ", e.g. ").append(g.example);
            }
            out.add(line.toString());
        }
        return out;
    }

    /**
     * A message as a report shows it: its {@code toString} on one line, cut to {@link #TEXT_LIMIT}
     * characters (a message's text may be 30 KB); strings quoted.
     */
    static String text(Object message) {
        String whole;
        try {
            whole = String.valueOf(message);
        } catch (RuntimeException e) {
            return "(its toString failed: " + e + ")";
        }
        String s = whole.length() > TEXT_LIMIT ? whole.substring(0, TEXT_LIMIT) : whole;
        s = s.replace("\r", "\\r").replace("\n", "\\n").replace("\t", "\\t");
        if (whole.length() > TEXT_LIMIT) {
            s += "... (" + whole.length() + " characters)";
        }
        return message instanceof CharSequence ? '"' + s + '"' : s;
    }
}
