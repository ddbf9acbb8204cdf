package dev.reprise.tide.runtime;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/**
 * The primitive table of outstanding registrations behaves as a map of queues: random adds and
 * removals (mostly of the oldest, some out of order, for resolvers that collide and wrap around
 * the table, which grows and deletes by moving entries back) give the same oldest registration
 * per resolver and the same number of resolvers as the plain collections would.
 */
@Tag("slow") // takes more than 5 s: left out of ./reprise test --fast
class OutstandingRegistrationsTest {
    @Test
    void behavesAsAMapOfQueues() {
        for (int seed = 0; seed < 50; seed++) {
            Random random = new Random(seed);
            OutstandingRegistrations table = new OutstandingRegistrations();
            Map<Long, ArrayDeque<Long>> model = new HashMap<>();
            long next = 0;
            int resolverRange = 1 + random.nextInt(200);
            for (int step = 0; step < 5_000; step++) {
                long resolver = random.nextInt(8) == 0 ? Registrations.ANYONE : random.nextInt(resolverRange) * 64L;
                if (random.nextInt(3) > 0 || model.isEmpty()) {
                    table.add(resolver, next);
                    model.computeIfAbsent(resolver, k -> new ArrayDeque<>()).add(next);
                    next++;
                } else {
                    List<Long> keys = new ArrayList<>(model.keySet());
                    long k = keys.get(random.nextInt(keys.size()));
                    ArrayDeque<Long> q = model.get(k);
                    long r = random.nextInt(4) == 0 ? new ArrayList<>(q).get(random.nextInt(q.size())) : q.peekFirst();
                    table.remove(k, r);
                    q.remove(r);
                    if (q.isEmpty()) {
                        model.remove(k);
                    }
                }
                String what = "seed " + seed + ", step " + step;
                assertEquals(model.size(), table.resolvers(), what);
                for (long k = -1; k < resolverRange * 64L; k += k < 0 ? 1 : 64) {
                    ArrayDeque<Long> q = model.get(k);
                    assertEquals(q == null ? -1 : q.peekFirst(), table.oldest(k), what + ", resolver " + k);
                }
            }
        }
    }

    @Test
    void removingWhatIsNotThereChangesNothing() {
        OutstandingRegistrations table = new OutstandingRegistrations();
        table.remove(5, 1);
        table.add(5, 1);
        table.remove(5, 2);
        table.remove(6, 1);
        assertEquals(1, table.oldest(5));
        assertEquals(1, table.resolvers());
    }
}
