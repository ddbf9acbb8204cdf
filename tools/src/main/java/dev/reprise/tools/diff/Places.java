package dev.reprise.tools.diff;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * The places met in the two runs of a diff, each numbered once, so that a place is compared by
 * its key however deep the creation chain behind it.
 */
final class Places {
    private final Map<Place, Integer> keys = new HashMap<>();
    private final List<Place> places = new ArrayList<>();

    /** The key of {@code place}, numbering it if it is new. */
    int key(Place place) {
        Integer k = keys.get(place);
        if (k == null) {
            k = places.size();
            keys.put(place, k);
            places.add(place);
        }
        return k;
    }

    /** The place with key {@code key}. */
    Place place(int key) {
        return places.get(key);
    }
}
