package dev.reprise.tools.diff;

import dev.reprise.tools.DataPreview;
import dev.reprise.trace.TraceEvent;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;

/**
 * How the report names actors and events: by run A's ids (run B's for actors only B has), as
 * {@code reprise inspect} of that run prints them, with the other run's id where it differs.
 */
final class Labels {
    private final Places places;
    private final RunPlaces placesA;
    private final RunPlaces placesB;
    private final RecordedRun a;
    private final RecordedRun b;

    Labels(Places places, RunPlaces placesA, RunPlaces placesB, RecordedRun a, RecordedRun b) {
        this.places = places;
        this.placesA = placesA;
        this.placesB = placesB;
        this.a = a;
        this.b = b;
    }

    /** "actor 30", "actor 30 (33 in B)", "actor 40 (not in B)", an outside source with its name. */
    String actor(int place) {
        Long idA = placesA.id(place);
        Long idB = placesB.id(place);
        if (idA == null) {
            return "actor " + idB + " of B (not in A)";
        }
        if (idB == null) {
            return "actor " + idA + " (not in B)";
        }
        String name = places.place(place) instanceof Place.Source s ? " \"" + s.name() + "\"" : "";
        return "actor " + idA + name + (idA.equals(idB) ? "" : " (" + idB + " in B)");
    }

    /** "actor 30", by run A's id else run B's, with an outside source's name: for lists that say which run. */
    String plain(int place) {
        String name = places.place(place) instanceof Place.Source s ? " \"" + s.name() + "\"" : "";
        return "actor " + id(place) + name;
    }

    /** The id that identifies {@code place} in the JSON report: run A's, else run B's. */
    long id(int place) {
        Long idA = placesA.id(place);
        return idA != null ? idA : placesB.id(place);
    }

    /** Where the actor comes from: "created by actor 26 as its 2nd actor", an outside source's name, or "". */
    String origin(int place) {
        return switch (places.place(place)) {
            case Place.Child c ->
                "created by " + actor(c.creator()) + " as its " + ordinal(c.nth() + 1) + " "
                        + c.kind().word();
            case Place.Source s -> "an outside source";
            case Place.Unplaced u -> "";
        };
    }

    /** What run {@code inA ? A : B} gave id {@code id} to: "the actor created by actor 26 as its 2nd actor". */
    String holderOfId(long id, boolean inA) {
        return switch (places.place((inA ? placesA : placesB).place(id))) {
            case Place.Child c -> "the " + c.kind().word() + " " + origin((inA ? placesA : placesB).place(id));
            case Place.Source s -> "outside source \"" + s.name() + "\"";
            case Place.Unplaced u -> "an actor whose creation the trace does not hold";
        };
    }

    /** Event {@code e} of run {@code inA ? A : B}'s actor {@code actor}, as inspect prints it, with ids the other run gives otherwise. */
    String event(TraceEvent e, long actor, boolean inA) throws IOException {
        RecordedRun run = inA ? a : b;
        return e.describe() + DataPreview.of(e, actor, run.data) + otherIds(e, inA);
    }

    private String otherIds(TraceEvent e, boolean inA) {
        RunPlaces self = inA ? placesA : placesB;
        RunPlaces other = inA ? placesB : placesA;
        String otherName = inA ? b.name : a.name;
        List<String> notes = new ArrayList<>();
        for (long id : ids(e)) {
            Long there = other.id(self.place(id));
            if (there == null) {
                notes.add(id + " is not in " + otherName);
            } else if (there != id) {
                notes.add(id + " is " + there + " in " + otherName);
            }
        }
        return notes.isEmpty() ? "" : " (" + String.join(", ", notes) + ")";
    }

    private static long[] ids(TraceEvent e) {
        return switch (e) {
            case TraceEvent.Creation c -> new long[] {c.child()};
            case TraceEvent.Message m -> new long[] {m.sender()};
            case TraceEvent.PromiseMessage m -> new long[] {m.sender(), m.resolver()};
            case TraceEvent.ExternalMessage m -> new long[] {m.sender()};
            case TraceEvent.ExternalPromiseMessage m -> new long[] {m.sender(), m.resolver()};
            case TraceEvent.SystemMessageTurn s -> s.related() == 0 ? new long[0] : new long[] {s.related()};
            default -> new long[0];
        };
    }

    static String ordinal(int n) {
        String suffix = n % 100 >= 11 && n % 100 <= 13
                ? "th"
                : switch (n % 10) {
                    case 1 -> "st";
                    case 2 -> "nd";
                    case 3 -> "rd";
                    default -> "th";
                };
        return n + suffix;
    }
}
