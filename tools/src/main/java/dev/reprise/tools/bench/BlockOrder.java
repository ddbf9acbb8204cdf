package dev.reprise.tools.bench;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Random;

/**
 * In which order the JVMs of each pair (or larger block: baseline, recorded, peers) run: a seeded
 * shuffle for the odd blocks, and the reverse of the block before for the even ones. So each
 * configuration runs early as often as late, drift in the machine falls on both sides of a ratio,
 * and the order can be repeated from the seed.
 */
final class BlockOrder {
    private BlockOrder() {}

    /** The order of {@code arms} in each of {@code blocks} blocks. */
    static <T> List<List<T>> orders(List<T> arms, int blocks, long seed) {
        Random random = new Random(seed);
        List<List<T>> orders = new ArrayList<>();
        for (int b = 0; b < blocks; b++) {
            List<T> order = new ArrayList<>(b % 2 == 0 ? arms : orders.get(b - 1));
            if (b % 2 == 0) {
                Collections.shuffle(order, random);
            } else {
                Collections.reverse(order);
            }
            orders.add(List.copyOf(order));
        }
        return orders;
    }
}
