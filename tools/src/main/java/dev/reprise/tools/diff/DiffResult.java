package dev.reprise.tools.diff;

import java.util.List;
import java.util.Map;
import java.util.stream.Stream;

/**
 * What a diff found: the differing actors in causal order, the actors not compared to their end
 * because a trace is damaged there, and the ids the runs gave to different actors.
 */
public final class DiffResult {
    /**
     * An actor compared only up to where one run's events of it end at damage.
     *
     * @param run the damaged run's name
     * @param position how many events were compared
     */
    record Cut(int place, String run, int position, String why) {}

    final RecordedRun a;
    final RecordedRun b;
    final Labels labels;
    final List<CausalOrder.Entry> entries;
    final List<Cut> cuts;
    /** (id in A, id in B) of each actor whose ids differ, by A's id. */
    final List<long[]> renamed;

    private final Map<Long, Long> matched;

    final int compared;

    DiffResult(
            RecordedRun a,
            RecordedRun b,
            Labels labels,
            List<CausalOrder.Entry> entries,
            List<Cut> cuts,
            List<long[]> renamed,
            Map<Long, Long> matched,
            int compared) {
        this.a = a;
        this.b = b;
        this.labels = labels;
        this.entries = entries;
        this.cuts = cuts;
        this.renamed = renamed;
        this.matched = matched;
        this.compared = compared;
    }

    /** The actors (and outside sources) both runs have, matched by place: run A's id to run B's. */
    public Map<Long, Long> matchedIds() {
        return matched;
    }

    /** True when the two traces record the same orders (and the same ids). */
    public boolean same() {
        return entries.isEmpty() && renamed.isEmpty();
    }

    /** True when either trace is damaged (it was compared as far as it is readable). */
    public boolean damaged() {
        return !a.damage.isEmpty() || !b.damage.isEmpty();
    }

    /** The damage of both runs, one line each ("A: FILE: chunk 3 at byte offset 120: ..."). */
    public List<String> damage() {
        return Stream.concat(
                        a.damage.stream().map(d -> a.name + ": " + d),
                        b.damage.stream().map(d -> b.name + ": " + d))
                .toList();
    }

    long roots() {
        return entries.stream().filter(CausalOrder.Entry::root).count();
    }

    /** One sentence on where the ids start to differ, or null when they do not. */
    String firstRenaming() {
        if (renamed.isEmpty()) {
            return null;
        }
        long id = renamed.get(0)[0];
        return "run A gave id " + id + " to " + labels.holderOfId(id, true) + ", run B to "
                + labels.holderOfId(id, false);
    }
}
