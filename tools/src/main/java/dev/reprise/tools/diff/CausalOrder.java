package dev.reprise.tools.diff;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.Deque;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Orders the differences of a diff so that causes come first. A difference "follows from"
 * another when a {@link Cause} links them. Differences that may follow from each other (a cycle:
 * the trace records no send times, so it cannot tell which came first) form one group. The groups
 * that follow from no other are the roots; every other difference comes after all of its causes,
 * by its distance from the roots. Within that order, a difference written earlier into the
 * recordings comes first.
 */
final class CausalOrder {
    /**
     * One difference in its place in the order.
     *
     * @param causes the differences outside its group that it may follow from (empty for a root)
     * @param cycle the other differences of its group, which may cause it as it may cause them
     * @param depth 0 for a root, else one more than the deepest of its causes
     */
    record Entry(ActorDifference difference, List<Cause> causes, List<Integer> cycle, int depth) {
        boolean root() {
            return depth == 0;
        }
    }

    private CausalOrder() {}

    /** {@code differences} in causal order; {@code causes} by place (places that differ only). */
    static List<Entry> of(List<ActorDifference> differences, Map<Integer, List<Cause>> causes) {
        int n = differences.size();
        Map<Integer, Integer> node = new HashMap<>();
        for (int i = 0; i < n; i++) {
            node.put(differences.get(i).place(), i);
        }
        int[][] edges = new int[n][];
        for (int i = 0; i < n; i++) {
            edges[i] = causes.getOrDefault(differences.get(i).place(), List.of()).stream()
                    .map(c -> node.get(c.place()))
                    .filter(t -> t != null)
                    .mapToInt(Integer::intValue)
                    .toArray();
        }
        int[] group = new int[n];
        List<List<Integer>> groups = stronglyConnected(edges, group);
        // Tarjan's algorithm emits a group after every group it reaches: causes before effects.
        int[] depth = new int[groups.size()];
        for (int g = 0; g < groups.size(); g++) {
            int d = -1;
            for (int member : groups.get(g)) {
                for (int t : edges[member]) {
                    if (group[t] != g) {
                        d = Math.max(d, depth[group[t]]);
                    }
                }
            }
            depth[g] = d + 1;
        }
        List<Entry> entries = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            ActorDifference d = differences.get(i);
            List<Cause> outside = new ArrayList<>();
            for (Cause c : causes.getOrDefault(d.place(), List.of())) {
                Integer t = node.get(c.place());
                if (t != null && group[t] != group[i]) {
                    outside.add(c);
                }
            }
            List<Integer> cycle = new ArrayList<>();
            for (int member : groups.get(group[i])) {
                if (member != i) {
                    cycle.add(differences.get(member).place());
                }
            }
            entries.add(new Entry(d, outside, cycle, depth[group[i]]));
        }
        entries.sort(Comparator.comparingInt(Entry::depth)
                .thenComparingDouble(e -> e.difference().when())
                .thenComparingInt(e -> e.difference().position())
                .thenComparingInt(e -> e.difference().place()));
        return entries;
    }

    /** Tarjan's strongly connected components, without recursion; {@code group[v]} is set to v's. */
    private static List<List<Integer>> stronglyConnected(int[][] edges, int[] group) {
        int n = edges.length;
        int[] index = new int[n];
        int[] low = new int[n];
        boolean[] onStack = new boolean[n];
        Arrays.fill(index, -1);
        Deque<Integer> stack = new ArrayDeque<>();
        List<List<Integer>> groups = new ArrayList<>();
        int counter = 0;
        int[] next = new int[n]; // the next edge to follow from each node on the walk
        Deque<Integer> walk = new ArrayDeque<>();
        for (int start = 0; start < n; start++) {
            if (index[start] >= 0) {
                continue;
            }
            walk.push(start);
            while (!walk.isEmpty()) {
                int v = walk.peek();
                if (index[v] < 0) {
                    index[v] = low[v] = counter++;
                    stack.push(v);
                    onStack[v] = true;
                }
                if (next[v] < edges[v].length) {
                    int w = edges[v][next[v]++];
                    if (index[w] < 0) {
                        walk.push(w);
                    } else if (onStack[w]) {
                        low[v] = Math.min(low[v], index[w]);
                    }
                    continue;
                }
                walk.pop();
                if (!walk.isEmpty()) {
                    int parent = walk.peek();
                    low[parent] = Math.min(low[parent], low[v]);
                }
                if (low[v] == index[v]) {
                    List<Integer> members = new ArrayList<>();
                    int w;
                    do {
                        w = stack.pop();
                        onStack[w] = false;
                        group[w] = groups.size();
                        members.add(w);
                    } while (w != v);
                    groups.add(members);
                }
            }
        }
        return groups;
    }
}
