package dev.reprise.tools.view;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The model of a page that shows two recordings side by side ({@code reprise view A --against
 * B}): run A's lanes, then run B's, each lane with its run and the lane of the same actor in the
 * other run (matched by place, as {@code reprise diff} matches them); both runs' events in one
 * list, interleaved by how far into its run each is; and the diff's first difference per actor,
 * root causes first, with the lanes and events it is at.
 */
final class AgainstModel {
    /** The id of the lane of senders a trace does not know: the same lane in both runs. */
    private static final String UNKNOWN_LANE = "0";

    private AgainstModel() {}

    /**
     * Merges the models of runs {@code a} and {@code b}; {@code diff} is the diff's JSON report
     * ({@code DiffJson}), {@code matched} its actors both runs have (A's id to B's).
     */
    static Map<String, Object> merge(
            ViewPage.Run a, ViewPage.Run b, Map<String, Object> diff, Map<Long, Long> matched, List<String> warnings) {
        List<?> lanesA = (List<?>) a.model().get("lanes");
        List<?> lanesB = (List<?>) b.model().get("lanes");
        Map<String, Integer> laneOfA = laneIndexes(lanesA, 0);
        Map<String, Integer> laneOfB = laneIndexes(lanesB, lanesA.size());
        Map<String, Integer> matchOfA = new HashMap<>();
        Map<String, Integer> matchOfB = new HashMap<>();
        matched.forEach((idA, idB) -> {
            Integer la = laneOfA.get(Long.toUnsignedString(idA));
            Integer lb = laneOfB.get(Long.toUnsignedString(idB));
            if (la != null && lb != null) {
                matchOfA.put(Long.toUnsignedString(idA), lb);
                matchOfB.put(Long.toUnsignedString(idB), la);
            }
        });
        if (laneOfA.containsKey(UNKNOWN_LANE) && laneOfB.containsKey(UNKNOWN_LANE)) {
            matchOfA.put(UNKNOWN_LANE, laneOfB.get(UNKNOWN_LANE));
            matchOfB.put(UNKNOWN_LANE, laneOfA.get(UNKNOWN_LANE));
        }
        List<Object> lanes = new ArrayList<>();
        addLanes(lanes, lanesA, "A", 0, matchOfA);
        addLanes(lanes, lanesB, "B", lanesA.size(), matchOfB);

        List<?> subtracesA = (List<?>) a.model().get("subtraces");
        List<Object> subtraces = new ArrayList<>(subtracesA);
        for (Object s : (List<?>) b.model().get("subtraces")) {
            List<Object> moved = new ArrayList<>((List<?>) s);
            moved.set(0, ((Number) moved.get(0)).intValue() + lanesA.size());
            subtraces.add(moved);
        }

        Map<String, Object> all = new LinkedHashMap<>(a.header());
        all.put("listedActors", List.of());
        all.put("summarised", false);
        all.put("lanes", lanes);
        all.put("subtraces", subtraces);
        all.put("events", events(a, b, lanesA.size(), subtracesA.size()));
        all.put("pairs", List.of());
        all.put("windows", a.model().get("windows"));
        all.put("replay", null);
        Map<String, Object> against = b.header();
        against.put("diff", differences(diff, laneOfA, laneOfB, warnings));
        all.put("against", against);
        return all;
    }

    /** Lane id to its index in the merged lanes (run B's come after run A's). */
    private static Map<String, Integer> laneIndexes(List<?> lanes, int offset) {
        Map<String, Integer> index = new HashMap<>();
        for (int i = 0; i < lanes.size(); i++) {
            index.put(String.valueOf(((List<?>) lanes.get(i)).get(0)), offset + i);
        }
        return index;
    }

    /** ViewModel's lanes with their parent moved by {@code offset}, then their run and match. */
    private static void addLanes(
            List<Object> into, List<?> lanes, String run, int offset, Map<String, Integer> matchOf) {
        for (Object l : lanes) {
            List<Object> lane = new ArrayList<>((List<?>) l);
            int parent = ((Number) lane.get(3)).intValue();
            lane.set(3, parent < 0 ? -1 : parent + offset);
            lane.add(run);
            lane.add(matchOf.getOrDefault(String.valueOf(lane.get(0)), -1));
            into.add(lane);
        }
    }

    /**
     * Both runs' events, each in its run's order, interleaved by how far into its run each is (the
     * runs have no common clock: this keeps what happened early in both near the top); run B's
     * lanes and subtraces moved past run A's.
     */
    private static List<Object> events(ViewPage.Run a, ViewPage.Run b, int lanesOfA, int subtracesOfA) {
        List<?> ea = (List<?>) a.model().get("events");
        List<?> eb = (List<?>) b.model().get("events");
        List<Object> merged = new ArrayList<>(ea.size() + eb.size());
        int i = 0;
        int j = 0;
        while (i < ea.size() || j < eb.size()) {
            // A's next before B's while (i + 1) / |A| <= (j + 1) / |B|, in integers.
            boolean takeA = j == eb.size() || i < ea.size() && (long) (i + 1) * eb.size() <= (long) (j + 1) * ea.size();
            if (takeA) {
                merged.add(ea.get(i++));
            } else {
                List<Object> e = new ArrayList<>((List<?>) eb.get(j++));
                e.set(0, ((Number) e.get(0)).intValue() + lanesOfA);
                int other = ((Number) e.get(2)).intValue();
                e.set(2, other < 0 ? -1 : other + lanesOfA);
                e.set(4, ((Number) e.get(4)).intValue() + subtracesOfA);
                merged.add(e);
            }
        }
        return merged;
    }

    /**
     * The diff for the page: its counts, and each differing actor's lanes and differing events
     * ({@code eventA}/{@code eventB}: the position in that lane, -1 when that run's events of the
     * actor end before it), in the diff's order: root causes first.
     */
    private static Map<String, Object> differences(
            Map<String, Object> diff,
            Map<String, Integer> laneOfA,
            Map<String, Integer> laneOfB,
            List<String> warnings) {
        Map<String, Object> m = new LinkedHashMap<>();
        for (String key : List.of("same", "compared", "differ", "roots", "notCompared", "firstRenaming")) {
            m.put(key, diff.get(key));
        }
        List<Object> differences = new ArrayList<>();
        for (Object o : (List<?>) diff.get("differences")) {
            Map<?, ?> d = (Map<?, ?>) o;
            Map<String, Object> entry = new LinkedHashMap<>();
            entry.put("laneA", lane(d.get("actor"), laneOfA));
            entry.put("laneB", lane(d.get("actorInB"), laneOfB));
            long agreeing = ((Number) d.get("agreeingEvents")).longValue();
            entry.put("eventA", d.get("inA") == null ? -1 : agreeing);
            entry.put("eventB", d.get("inB") == null ? -1 : agreeing);
            entry.put("actor", d.get("actor") == null ? null : d.get("actor").toString());
            entry.put(
                    "actorInB",
                    d.get("actorInB") == null ? null : d.get("actorInB").toString());
            entry.put("origin", d.get("origin"));
            entry.put("root", d.get("root"));
            entry.put("why", d.get("why"));
            entry.put("inA", d.get("inA") instanceof Map<?, ?> e ? e.get("event") : null);
            entry.put("inB", d.get("inB") instanceof Map<?, ?> e ? e.get("event") : null);
            entry.put("rest", d.get("rest"));
            List<String> follows = new ArrayList<>();
            for (Object c : (List<?>) d.get("followsFrom")) {
                Map<?, ?> cause = (Map<?, ?>) c;
                follows.add("actor " + cause.get("actor") + " (" + cause.get("why") + ")");
            }
            entry.put("followsFrom", String.join("; ", follows));
            differences.add(entry);
        }
        m.put("differences", differences);
        List<?> damage = (List<?>) diff.get("damage");
        if (!damage.isEmpty()) {
            warnings.add("compared as far as both traces are readable: " + damage.get(0));
        }
        return m;
    }

    private static int lane(Object id, Map<String, Integer> laneOf) {
        return id == null ? -1 : laneOf.getOrDefault(id.toString(), -1);
    }
}
