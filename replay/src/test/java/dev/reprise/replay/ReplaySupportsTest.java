package dev.reprise.replay;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;

/** Runtimes that replay one trace together each answer for the ids they met; the first for the rest. */
class ReplaySupportsTest {
    private final List<Long> forgotten = new ArrayList<>();

    @Test
    void eachSupportAnswersForItsOwnIds() {
        ReplaySupports both = new ReplaySupports(support("first", Set.of(1L, 2L), 3, null));
        both.add(support("second", Set.of(4L), 5, "thread plugin sleeps"));
        assertEquals("first 1", both.describe(1));
        assertEquals("second 4", both.describe(4));
        assertEquals("first 9", both.describe(9), "an id nobody met");
        assertTrue(both.isApplicationActor(4));
        assertFalse(both.isApplicationActor(9));
        assertEquals(8, both.timersKeptAtMost());
        assertEquals("thread plugin sleeps", both.programGoesOn());
        both.forget(4);
        assertEquals(List.of(4L, 4L), forgotten);
    }

    private ReplaySupport support(String name, Set<Long> ids, int timers, String goesOn) {
        return new ReplaySupport() {
            @Override
            public boolean knows(long id) {
                return ids.contains(id);
            }

            @Override
            public String describe(long id) {
                return name + " " + id;
            }

            @Override
            public boolean isApplicationActor(long id) {
                return ids.contains(id);
            }

            @Override
            public int timersKeptAtMost() {
                return timers;
            }

            @Override
            public void forget(long id) {
                forgotten.add(id);
            }

            @Override
            public String programGoesOn() {
                return goesOn;
            }
        };
    }
}
