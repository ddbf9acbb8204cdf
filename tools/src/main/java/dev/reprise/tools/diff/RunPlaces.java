package dev.reprise.tools.diff;

import dev.reprise.trace.CreationKind;
import dev.reprise.trace.TraceEvent;
import dev.reprise.trace.TraceIds;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * One run's ids against the places shared with the other run: the place of each id (its creator's
 * place and how many of its kind the creator had created before), the id each place got, and
 * where in its creator's events each child was created.
 */
final class RunPlaces {
    /** Where a child was created: by {@code creator}, at its event {@code position}. */
    record Creation(long creator, int position, CreationKind kind, int nth) {}

    private final RecordedRun run;
    private final Places places;
    private final Map<Long, Creation> creations = new HashMap<>();
    private final Map<Long, Integer> placeOfId = new HashMap<>();
    private final Map<Integer, Long> idOfPlace = new HashMap<>();
    private final RunPlaces fallback;

    /**
     * The places of {@code run}'s ids; an id whose creation this run lacks (lost to damage) takes
     * its place in {@code fallback}, the other run, when that holds its creation (null: none).
     */
    RunPlaces(RecordedRun run, Places places, RunPlaces fallback) {
        this.run = run;
        this.places = places;
        this.fallback = fallback;
        for (RecordedRun.ActorLog log : run.actors.values()) {
            Map<CreationKind, Integer> counts = new EnumMap<>(CreationKind.class);
            List<TraceEvent> events = log.events();
            for (int i = 0; i < events.size(); i++) {
                if (events.get(i) instanceof TraceEvent.Creation c) {
                    int nth = counts.merge(c.kind(), 1, Integer::sum) - 1;
                    // A child created twice (a damaged trace) keeps its first place.
                    creations.putIfAbsent(c.child(), new Creation(log.actor(), i, c.kind(), nth));
                }
            }
        }
        for (long actor : run.actors.keySet()) {
            place(actor);
        }
        for (long child : creations.keySet()) {
            place(child);
        }
    }

    /** The key of {@code id}'s place in {@link Places}. */
    int place(long id) {
        Integer known = placeOfId.get(id);
        if (known != null) {
            return known;
        }
        // Up the creation chain to an id whose place is known or has no creator, then back down.
        List<Long> chain = new ArrayList<>();
        Set<Long> seen = new HashSet<>();
        long at = id;
        while (!placeOfId.containsKey(at) && creations.containsKey(at) && seen.add(at)) {
            chain.add(at);
            at = creations.get(at).creator();
        }
        int key = placeOfId.containsKey(at) ? placeOfId.get(at) : record(at, rootPlace(at));
        for (int i = chain.size() - 1; i >= 0; i--) {
            long child = chain.get(i);
            if (child == at) {
                key = placeOfId.get(at); // a creation cycle (damage): this id is the root of the others
                continue;
            }
            Creation c = creations.get(child);
            key = record(child, places.key(new Place.Child(key, c.kind(), c.nth())));
        }
        return placeOfId.get(id);
    }

    /** The key of the place of an id whose creation this run does not hold. */
    private int rootPlace(long id) {
        String name = run.sourceNames.get(id);
        if (name != null && TraceIds.isExternalSource(id, run.formatVersion)) {
            return places.key(new Place.Source(name));
        }
        if (fallback != null && fallback.creation(id) != null) {
            return fallback.place(id);
        }
        return places.key(new Place.Unplaced(id));
    }

    private int record(long id, int key) {
        placeOfId.put(id, key);
        idOfPlace.putIfAbsent(key, id);
        return key;
    }

    /** The id that {@code place} has in this run, or null when this run has none there. */
    Long id(int place) {
        return idOfPlace.get(place);
    }

    /** Where {@code child} was created, or null when the trace holds no creation of it. */
    Creation creation(long child) {
        return creations.get(child);
    }

    /** All places with an id in this run. */
    Set<Integer> places() {
        return idOfPlace.keySet();
    }
}
