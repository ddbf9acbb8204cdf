package dev.reprise.replay;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

class RetiredIdsTest {
    @Test
    void anyIdCanBeRetiredAndOnlyItIs() {
        RetiredIds r = new RetiredIds();
        long[] ids = {0, 16, (1L << 20) - 1, 1L << 20, (1L << 26) + 5, (1L << 31) - 1, 1L << 32, (1L << 40) + 3};
        for (long id : ids) {
            assertFalse(r.contains(id));
            r.add(id);
            assertTrue(r.contains(id), "id " + id);
        }
        assertFalse(r.contains(17));
        assertFalse(r.contains((1L << 32) + 1));
        assertFalse(r.contains((1L << 20) + (1L << 32)), "another page with the same low bits");
    }
}
