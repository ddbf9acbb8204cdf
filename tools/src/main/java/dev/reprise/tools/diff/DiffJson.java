package dev.reprise.tools.diff;

import dev.reprise.trace.Subtrace;
import dev.reprise.trace.TraceEvent;
import java.io.IOException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** The JSON report of a diff, for scripts: every difference, every renamed id, every cut actor. */
public final class DiffJson {
    private DiffJson() {}

    /** {@code r} as a JSON-ready map (keys documented in tools/README.md). */
    public static Map<String, Object> of(DiffResult r) throws IOException {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("same", r.same());
        m.put("a", String.valueOf(r.a.dir));
        m.put("b", String.valueOf(r.b.dir));
        m.put("compared", r.compared);
        m.put("differ", r.entries.size());
        m.put("roots", r.roots());
        m.put("notCompared", r.cuts.size());
        List<Object> differences = new ArrayList<>();
        for (CausalOrder.Entry e : r.entries) {
            differences.add(difference(r, e));
        }
        m.put("differences", differences);
        List<Object> renamed = new ArrayList<>();
        r.renamed.forEach(p -> renamed.add(List.of(p[0], p[1])));
        m.put("renamedIds", renamed);
        m.put("firstRenaming", r.firstRenaming());
        List<Object> cuts = new ArrayList<>();
        for (DiffResult.Cut c : r.cuts) {
            Map<String, Object> cut = new LinkedHashMap<>();
            cut.put("actor", r.labels.id(c.place()));
            cut.put("run", c.run());
            cut.put("comparedEvents", c.position());
            cut.put("why", c.why());
            cuts.add(cut);
        }
        m.put("cut", cuts);
        m.put("damage", r.damage());
        m.put("cleanEnd", Map.of("a", r.a.cleanEnd, "b", r.b.cleanEnd));
        return m;
    }

    private static Map<String, Object> difference(DiffResult r, CausalOrder.Entry e) throws IOException {
        ActorDifference d = e.difference();
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("actor", d.idA());
        m.put("actorInB", d.idB());
        m.put("origin", r.labels.origin(d.place()));
        m.put("root", e.root());
        m.put("depth", e.depth());
        List<Object> causes = new ArrayList<>();
        for (Cause c : e.causes()) {
            causes.add(Map.of("actor", r.labels.id(c.place()), "why", c.why()));
        }
        m.put("followsFrom", causes);
        m.put("cycleWith", e.cycle().stream().map(r.labels::id).toList());
        m.put("agreeingEvents", d.position());
        m.put("why", d.why());
        m.put("inA", side(r, d.a(), d.idA(), true, d.position()));
        m.put("inB", side(r, d.b(), d.idB(), false, d.position()));
        m.put("rest", d.rest());
        return m;
    }

    private static Map<String, Object> side(DiffResult r, TraceEvent e, Long actor, boolean inA, int position)
            throws IOException {
        if (e == null) {
            return null;
        }
        RecordedRun run = inA ? r.a : r.b;
        Subtrace s = run.actors.get(actor).subtraceOf(position);
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("event", r.labels.event(e, actor, inA));
        m.put("subtrace", s.counter());
        m.put("chunk", s.origin().index());
        return m;
    }
}
