package dev.reprise.trace;

import java.util.Arrays;

/**
 * Huffman code lengths of at most a given number of bits, for {@link HuffmanCoder}. Symbols are
 * sorted by count and merged with two queues (leaves and merged nodes, both in increasing
 * weight), which gives an optimal code in linear time after the sort. When its longest code is
 * too long, the counts are halved (a used symbol keeps at least 1) and the code built again:
 * rarely needed, and the loss is a fraction of a bit on the rarest symbols.
 *
 * <p>Codes always have at least two symbols: an inflater rejects a one-symbol code that is not
 * complete, so an unused symbol is given a count of 1 when only one is used (as zlib does).
 */
final class HuffmanLengths {
    /** Sort keys: count in the high bits, symbol in the low 9. */
    private final long[] sorted;

    private final int[] weight;
    private final int[] parent;
    private final int[] depth;
    private final int[] scaled;

    HuffmanLengths(int maxSymbols) {
        sorted = new long[maxSymbols];
        weight = new int[2 * maxSymbols];
        parent = new int[2 * maxSymbols];
        depth = new int[2 * maxSymbols];
        scaled = new int[maxSymbols];
    }

    /** Sets {@code lengths[0, n)} for {@code counts[0, n)}: 0 for an unused symbol, else at most {@code maxBits}. */
    void build(int[] counts, int n, int maxBits, byte[] lengths) {
        int[] c = scaled;
        System.arraycopy(counts, 0, c, 0, n);
        int used = 0;
        for (int s = 0; s < n; s++) {
            if (c[s] > 0) {
                used++;
            }
        }
        for (int s = 0; used < 2 && s < n; s++) {
            if (c[s] == 0) {
                c[s] = 1;
                used++;
            }
        }
        while (!tryBuild(c, n, maxBits, lengths)) {
            for (int s = 0; s < n; s++) {
                if (c[s] > 0) {
                    c[s] = Math.max(1, c[s] >>> 1);
                }
            }
        }
    }

    private boolean tryBuild(int[] c, int n, int maxBits, byte[] lengths) {
        int m = 0;
        for (int s = 0; s < n; s++) {
            if (c[s] > 0) {
                sorted[m++] = (long) c[s] << 9 | s;
            }
        }
        Arrays.sort(sorted, 0, m);
        for (int k = 0; k < m; k++) {
            weight[k] = (int) (sorted[k] >>> 9);
        }
        // Nodes m.. are merged ones, made in increasing weight: two queues, leaves [leaf, m) and nodes [node, next).
        int leaf = 0;
        int node = m;
        int next = m;
        for (int merges = 0; merges < m - 1; merges++) {
            int a = leaf < m && (node >= next || weight[leaf] <= weight[node]) ? leaf++ : node++;
            int b = leaf < m && (node >= next || weight[leaf] <= weight[node]) ? leaf++ : node++;
            weight[next] = weight[a] + weight[b];
            parent[a] = next;
            parent[b] = next;
            next++;
        }
        int root = next - 1;
        depth[root] = 0;
        for (int k = root - 1; k >= 0; k--) {
            depth[k] = depth[parent[k]] + 1; // a node's parent was made after it
        }
        Arrays.fill(lengths, 0, n, (byte) 0);
        for (int k = 0; k < m; k++) {
            if (depth[k] > maxBits) {
                return false;
            }
            lengths[(int) (sorted[k] & 0x1FF)] = (byte) depth[k];
        }
        return true;
    }
}
