package dev.reprise.tools.diff;

import dev.reprise.trace.Subtrace;
import dev.reprise.trace.TraceEvent;
import java.io.IOException;
import java.io.PrintWriter;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.Collectors;

/** The short text report of a diff: counts, the id note, then the differences causes first, up to a limit. */
public final class DiffText {
    private static final int IDS_SHOWN = 4;

    private DiffText() {}

    /** Prints {@code r} to {@code out}, at most {@code limit} differences. */
    public static void print(DiffResult r, PrintWriter out, int limit) throws IOException {
        out.println("A: " + r.a.dir + (r.a.program() == null ? "" : "  (" + r.a.program() + ")"));
        out.println("B: " + r.b.dir + (r.b.program() == null ? "" : "  (" + r.b.program() + ")"));
        if (r.same()) {
            out.println("no difference: the " + r.compared + " actors' recorded orders agree"
                    + (r.cuts.isEmpty() ? "" : " as far as both traces are readable") + ".");
        } else {
            long roots = r.roots();
            out.println(count(r.entries.size(), "actor differs", "actors differ") + " ("
                    + count(roots, "root cause", "root causes")
                    + ", " + (r.entries.size() - roots) + " following from them); "
                    + (r.compared - r.entries.size() - r.cuts.size()) + " of " + r.compared + " actors agree.");
        }
        if (!r.renamed.isEmpty()) {
            printIds(r, out);
        }
        printDifferences(r, out, limit);
        printCuts(r, out);
    }

    /** The actors compared only up to damage, one line per run and reason. */
    private static void printCuts(DiffResult r, PrintWriter out) {
        Map<String, List<DiffResult.Cut>> byWhy = r.cuts.stream()
                .collect(Collectors.groupingBy(
                        c -> c.run() + "'s events end there: " + c.why(), TreeMap::new, Collectors.toList()));
        byWhy.forEach((why, cuts) -> out.println("not compared to the end (run " + why + "): "
                + cuts.stream()
                        .limit(IDS_SHOWN)
                        .map(c -> r.labels.plain(c.place()) + " after " + count(c.position(), "event", "events"))
                        .collect(Collectors.joining(", "))
                + (cuts.size() > IDS_SHOWN ? " and " + (cuts.size() - IDS_SHOWN) + " more actors" : "")));
    }

    private static void printIds(DiffResult r, PrintWriter out) {
        String pairs = r.renamed.stream()
                .limit(IDS_SHOWN)
                .map(p -> "A's " + p[0] + " is B's " + p[1])
                .collect(Collectors.joining(", "));
        out.println(
                "ids: " + count(r.renamed.size(), "actor has another id", "actors have other ids") + " in B than in A, "
                        + "as actors created at the same time (or outside sources that first sent at the same time) got their "
                        + "ids in another order: " + r.firstRenaming() + ".");
        out.println("  Actors are matched by where they were created, not by id: " + pairs
                + (r.renamed.size() > IDS_SHOWN ? ", ... (--json lists all)" : "") + ".");
    }

    private static void printDifferences(DiffResult r, PrintWriter out, int limit) throws IOException {
        boolean followersHeaded = false;
        int shown = 0;
        for (CausalOrder.Entry e : r.entries) {
            if (shown == limit) {
                break;
            }
            if (shown == 0 && e.root()) {
                out.println();
                out.println("Root causes, first cause first:");
            }
            if (!e.root() && !followersHeaded) {
                out.println();
                out.println("Following from them:");
                followersHeaded = true;
            }
            printEntry(r, e, ++shown, out);
        }
        if (shown < r.entries.size()) {
            out.println();
            out.println("... " + (r.entries.size() - shown) + " more differing actors (--limit " + r.entries.size()
                    + " shows all, --json lists all)");
        }
    }

    private static void printEntry(DiffResult r, CausalOrder.Entry entry, int n, PrintWriter out) throws IOException {
        ActorDifference d = entry.difference();
        String origin = r.labels.origin(d.place());
        out.println(n + ". " + r.labels.actor(d.place()) + (origin.isEmpty() ? "" : ", " + origin));
        out.println("   " + agreeing(d.position()) + "; event " + (d.position() + 1) + " differs: " + d.why());
        out.println("     A: " + event(r, d.a(), d.idA(), true, d.position()));
        out.println("     B: " + event(r, d.b(), d.idB(), false, d.position()));
        out.println("   " + d.rest());
        for (Cause c : entry.causes()) {
            out.println("   follows from " + r.labels.actor(c.place()) + " (" + c.why() + ")");
        }
        if (!entry.cycle().isEmpty()) {
            out.println("   may cause and follow from "
                    + entry.cycle().stream().map(r.labels::actor).collect(Collectors.joining(", "))
                    + " (the trace does not say which came first)");
        }
        String limit = " --limit " + (d.position() + 1);
        out.println("   see: reprise inspect " + r.a.dir
                + (d.idA() == null ? " (no such actor)" : " --actor " + d.idA() + limit) + "; reprise inspect "
                + r.b.dir + (d.idB() == null ? " (no such actor)" : " --actor " + d.idB() + limit));
    }

    private static String event(DiffResult r, TraceEvent e, Long actor, boolean inA, int position) throws IOException {
        if (e == null) {
            return actor == null ? "(no such actor)" : "(no more events)";
        }
        Subtrace s = (inA ? r.a : r.b).actors.get(actor).subtraceOf(position);
        return r.labels.event(e, actor, inA) + "   [subtrace " + s.counter() + ", chunk "
                + s.origin().index() + "]";
    }

    private static String agreeing(int n) {
        return n == 0 ? "no event agrees" : n == 1 ? "its first event agrees" : "its first " + n + " events agree";
    }

    private static String count(long n, String one, String many) {
        return n + " " + (n == 1 ? one : many);
    }
}
