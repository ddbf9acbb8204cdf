package dev.reprise.tools.diff;

import dev.reprise.trace.Fingerprint;
import dev.reprise.trace.TraceEvent;
import java.io.IOException;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeSet;

/**
 * Compares two recordings of one program: matches their actors by place ({@link Place}), finds
 * each actor's first differing event, links differences that may follow from one another
 * ({@link Cause}) and orders them causes first ({@link CausalOrder}).
 */
public final class TraceDiff {
    private final RecordedRun a;
    private final RecordedRun b;
    private final Places places = new Places();
    private final RunPlaces placesA;
    private final RunPlaces placesB;
    private final EventKeys keysA;
    private final EventKeys keysB;
    private final Labels labels;

    private TraceDiff(RecordedRun a, RecordedRun b) {
        this.a = a;
        this.b = b;
        // A damaged run may have lost creations: its ids without one take the other run's places.
        RunPlaces plainA = new RunPlaces(a, places, null);
        RunPlaces plainB = new RunPlaces(b, places, null);
        this.placesA = a.cut() ? new RunPlaces(a, places, plainB) : plainA;
        this.placesB = b.cut() ? new RunPlaces(b, places, plainA) : plainB;
        this.keysA = new EventKeys(a, placesA);
        this.keysB = new EventKeys(b, placesB);
        this.labels = new Labels(places, placesA, placesB, a, b);
    }

    /** Compares run {@code a} with run {@code b}. */
    public static DiffResult compare(RecordedRun a, RecordedRun b) throws IOException {
        return new TraceDiff(a, b).run();
    }

    private DiffResult run() throws IOException {
        TreeSet<Integer> all =
                new TreeSet<>(Comparator.comparingLong(this::order).thenComparingInt(p -> p));
        for (long actor : a.actors.keySet()) {
            all.add(placesA.place(actor));
        }
        for (long actor : b.actors.keySet()) {
            all.add(placesB.place(actor));
        }
        List<ActorDifference> differences = new ArrayList<>();
        List<DiffResult.Cut> cuts = new ArrayList<>();
        for (int place : all) {
            compare(place, differences, cuts);
        }
        Map<Integer, ActorDifference> byPlace = new HashMap<>();
        differences.forEach(d -> byPlace.put(d.place(), d));
        Map<Integer, List<Cause>> causes = new HashMap<>();
        for (ActorDifference d : differences) {
            causes.put(d.place(), causes(d, byPlace));
        }
        return new DiffResult(
                a, b, labels, CausalOrder.of(differences, causes), cuts, renamed(), matched(), all.size());
    }

    /** The places both runs have (actors without events of their own too): run A's id to run B's. */
    private Map<Long, Long> matched() {
        Map<Long, Long> ids = new LinkedHashMap<>();
        for (int place : placesA.places()) {
            Long idA = placesA.id(place);
            Long idB = placesB.id(place);
            if (idA != null && idB != null) {
                ids.put(idA, idB);
            }
        }
        return ids;
    }

    /** Places in the order of run A's ids, then run B's (for places only B has). */
    private long order(int place) {
        Long id = placesA.id(place);
        return id != null ? id : Long.MAX_VALUE / 2 + placesB.id(place);
    }

    private void compare(int place, List<ActorDifference> differences, List<DiffResult.Cut> cuts) throws IOException {
        Long idA = placesA.id(place);
        Long idB = placesB.id(place);
        RecordedRun.ActorLog logA = idA == null ? null : a.actors.get(idA);
        RecordedRun.ActorLog logB = idB == null ? null : b.actors.get(idB);
        List<TraceEvent> ea = logA == null ? List.of() : logA.events();
        List<TraceEvent> eb = logB == null ? List.of() : logB.events();
        int common = Math.min(ea.size(), eb.size());
        Iterator<TraceEvent> ia = ea.iterator();
        Iterator<TraceEvent> ib = eb.iterator();
        for (int p = 0; p < common; p++) {
            TraceEvent x = ia.next();
            TraceEvent y = ib.next();
            if (x instanceof TraceEvent.Gap || y instanceof TraceEvent.Gap) {
                String run = x instanceof TraceEvent.Gap ? a.name : b.name;
                cuts.add(new DiffResult.Cut(place, run, p, "a gap (events dropped while recording)"));
                return;
            }
            String why = !same(x, idA, y, idB) ? why(x, y) : fingerprint(logA.marks()[p], logB.marks()[p]);
            if (why != null) {
                differences.add(difference(place, idA, idB, p, x, y, why, logA, logB));
                return;
            }
        }
        if (ea.size() == eb.size()) {
            return;
        }
        boolean aEnded = ea.size() < eb.size();
        RecordedRun shorter = aEnded ? a : b;
        RecordedRun.ActorLog shorterLog = aEnded ? logA : logB;
        if (shorter.cut() || (shorterLog != null && shorterLog.cut())) {
            String damage = shorterLog != null && shorterLog.cut()
                    ? "a subtrace of it is missing"
                    : shorter.damage.isEmpty() ? "the recording did not end cleanly" : "the trace is damaged";
            cuts.add(new DiffResult.Cut(place, shorter.name, common, damage));
            return;
        }
        String why = (aEnded ? idA : idB) == null
                ? "the actor is not in run " + shorter.name
                : "run " + shorter.name + "'s events of the actor end here";
        differences.add(difference(
                place,
                idA,
                idB,
                common,
                aEnded ? null : ea.get(common),
                aEnded ? eb.get(common) : null,
                why,
                logA,
                logB));
    }

    private ActorDifference difference(
            int place,
            Long idA,
            Long idB,
            int p,
            TraceEvent x,
            TraceEvent y,
            String why,
            RecordedRun.ActorLog logA,
            RecordedRun.ActorLog logB)
            throws IOException {
        double when = Math.min(x == null ? 1 : a.when(logA, p), y == null ? 1 : b.when(logB, p));
        return new ActorDifference(place, idA, idB, p, x, y, why, rest(logA, logB, p), when);
    }

    /** Whether two events record the same thing: ids compared by place, data by its bytes (through their keys). */
    private boolean same(TraceEvent x, long idA, TraceEvent y, long idB) throws IOException {
        return switch (x) {
            case TraceEvent.Message m when y instanceof TraceEvent.Message o -> same(m.sender(), o.sender());
            case TraceEvent.PromiseMessage m
            when y instanceof TraceEvent.PromiseMessage o ->
                same(m.sender(), o.sender()) && same(m.resolver(), o.resolver());
            case TraceEvent.Creation c when y instanceof TraceEvent.Creation o -> c.kind() == o.kind();
            default -> x.getClass() == y.getClass() && keysA.of(x, idA).equals(keysB.of(y, idB));
        };
    }

    /** What differs between two events whose keys differ. */
    private String why(TraceEvent x, TraceEvent y) {
        if (x.getClass() != y.getClass()) {
            return "another kind of event";
        }
        return switch (x) {
            case TraceEvent.Message m -> "another sender";
            case TraceEvent.PromiseMessage m ->
                same(m.sender(), ((TraceEvent.PromiseMessage) y).sender()) ? "another resolver" : "another sender";
            case TraceEvent.ExternalMessage m -> {
                TraceEvent.ExternalMessage o = (TraceEvent.ExternalMessage) y;
                yield !same(m.sender(), o.sender())
                        ? "another outside source"
                        : m.eventType() != o.eventType() ? "another event type" : "other content";
            }
            case TraceEvent.ExternalPromiseMessage m -> {
                TraceEvent.ExternalPromiseMessage o = (TraceEvent.ExternalPromiseMessage) y;
                yield !same(m.sender(), o.sender())
                        ? "another outside source"
                        : !same(m.resolver(), o.resolver()) ? "another resolver" : "other content";
            }
            case TraceEvent.SystemCall s -> "another recorded value";
            case TraceEvent.Creation c -> "another kind of creation";
            case TraceEvent.SystemMessageTurn s ->
                s.kind() != ((TraceEvent.SystemMessageTurn) y).kind()
                        ? "another system message"
                        : "about another actor";
            case TraceEvent.TurnSends t -> "another number of sends";
            case TraceEvent.Gap g -> "a gap";
        };
    }

    private boolean same(long idA, long idB) {
        return placesA.place(idA) == placesB.place(idB);
    }

    /** What two fingerprints of the same event say differs, or null when they agree (or either is missing). */
    private static String fingerprint(byte x, byte y) {
        if (x == Fingerprint.NONE || y == Fingerprint.NONE || x == y) {
            return null;
        }
        if (Fingerprint.classCodeOf(x) != Fingerprint.classCodeOf(y)) {
            return "another class (fingerprint class code " + Fingerprint.classCodeOf(x) + " in A, "
                    + Fingerprint.classCodeOf(y) + " in B)";
        }
        String sx = Fingerprint.describeSends(x);
        String sy = Fingerprint.describeSends(y);
        return sx == null || sy == null
                ? null
                : "its turn sent another number of messages (" + sx + " in A, " + sy + " in B)";
    }

    /** The remaining events of both runs as multisets: the same in another order, or what only one has. */
    private String rest(RecordedRun.ActorLog logA, RecordedRun.ActorLog logB, int from) throws IOException {
        Map<String, Integer> count = new LinkedHashMap<>();
        Map<String, String> shown = new HashMap<>();
        int restA = tally(logA, keysA, true, from, 1, count, shown);
        int restB = tally(logB, keysB, false, from, -1, count, shown);
        List<String> onlyA = new ArrayList<>();
        List<String> onlyB = new ArrayList<>();
        count.entrySet().stream()
                .filter(e -> e.getValue() != 0)
                .sorted((x, y) -> Integer.compare(Math.abs(y.getValue()), Math.abs(x.getValue())))
                .forEach(e ->
                        (e.getValue() > 0 ? onlyA : onlyB).add(Math.abs(e.getValue()) + " × " + shown.get(e.getKey())));
        String sizes = "from here A has " + restA + (restA == 1 ? " event" : " events") + ", B " + restB;
        if (onlyA.isEmpty() && onlyB.isEmpty()) {
            return sizes + ": the same events in another order";
        }
        return sizes
                + (onlyA.isEmpty() ? "" : "; only A: " + first(onlyA))
                + (onlyB.isEmpty() ? "" : "; only B: " + first(onlyB));
    }

    private int tally(
            RecordedRun.ActorLog log,
            EventKeys keys,
            boolean inA,
            int from,
            int sign,
            Map<String, Integer> count,
            Map<String, String> shown)
            throws IOException {
        if (log == null) {
            return 0;
        }
        List<TraceEvent> events = log.events();
        for (int i = from; i < events.size(); i++) {
            String k = keys.of(events.get(i), log.actor());
            count.merge(k, sign, Integer::sum);
            if (!shown.containsKey(k)) {
                // A creation's key is its kind (its child's place follows from its position), so no child id.
                shown.put(
                        k,
                        events.get(i) instanceof TraceEvent.Creation c
                                ? "created " + c.kind().word()
                                : labels.event(events.get(i), log.actor(), inA));
            }
        }
        return Math.max(0, events.size() - from);
    }

    private static String first(List<String> items) {
        int shown = Math.min(3, items.size());
        return String.join(", ", items.subList(0, shown))
                + (items.size() > shown ? " and " + (items.size() - shown) + " more kinds" : "");
    }

    /**
     * Why difference {@code d} may follow from other differences: the actors behind the ids its
     * differing events name (sender, resolver, the actor a system message is about) when they
     * differ too, or their creators when they created them after their own difference; and its
     * own creator when that created it after its own difference.
     */
    private List<Cause> causes(ActorDifference d, Map<Integer, ActorDifference> differing) throws IOException {
        List<Cause> causes = new ArrayList<>();
        if (places.place(d.place()) instanceof Place.Child child) {
            ActorDifference creator = differing.get(child.creator());
            if (creator != null
                    && (createdAfter(placesA, d.idA(), creator) || createdAfter(placesB, d.idB(), creator))) {
                causes.add(new Cause(child.creator(), "it created this actor after its own difference"));
            }
        }
        turn(d, differing, causes);
        if (d.a() != null) {
            referenced(d.a(), placesA, d, differing, causes, false);
        }
        if (d.b() != null) {
            referenced(d.b(), placesB, d, differing, causes, false);
        }
        return causes;
    }

    /**
     * A difference inside a turn (a creation, a system call, the turn's sends) rather than in which
     * message came: the content of the turn's message, which the trace does not hold, may differ,
     * so its sender is a cause when it differs too.
     */
    private void turn(ActorDifference d, Map<Integer, ActorDifference> differing, List<Cause> causes)
            throws IOException {
        TraceEvent x = d.a();
        TraceEvent y = d.b();
        if (d.idA() == null || x instanceof TraceEvent.SystemMessageTurn || y instanceof TraceEvent.SystemMessageTurn) {
            return;
        }
        boolean sameMessage =
                x != null && y != null && x.isMessage() && keysA.of(x, d.idA()).equals(keysB.of(y, d.idB()));
        boolean whichMessage = (x == null || x.isMessage()) && (y == null || y.isMessage());
        if (whichMessage && !sameMessage) {
            return; // which message came next: its senders are the links
        }
        RecordedRun.ActorLog log = a.actors.get(d.idA());
        if (log == null) {
            return; // no event in A: the agreeing events before the difference are none
        }
        List<TraceEvent> events = log.events();
        int at = sameMessage ? d.position() : d.position() - 1;
        while (at >= 0 && !events.get(at).isMessage()) {
            if (events.get(at) instanceof TraceEvent.SystemMessageTurn) {
                return; // the difference follows a system message's turn, not a message's
            }
            at--;
        }
        if (at >= 0) {
            referenced(events.get(at), placesA, d, differing, causes, true);
        }
    }

    private static boolean createdAfter(RunPlaces run, Long child, ActorDifference creator) {
        if (child == null) {
            return false;
        }
        RunPlaces.Creation c = run.creation(child);
        return c != null && c.position() >= creator.position();
    }

    /** Causes among the ids {@code e} names; {@code turn}: e is the message in whose turn the difference is. */
    private void referenced(
            TraceEvent e,
            RunPlaces run,
            ActorDifference d,
            Map<Integer, ActorDifference> differing,
            List<Cause> causes,
            boolean turn) {
        String sent = turn ? "sent the message in whose turn the difference is" : "sent the differing message";
        String resolved =
                turn ? "resolved the message in whose turn the difference is" : "resolved the differing message";
        switch (e) {
            case TraceEvent.Message m -> link(m.sender(), sent, run, d, differing, causes);
            case TraceEvent.PromiseMessage m -> {
                link(m.sender(), sent, run, d, differing, causes);
                link(m.resolver(), resolved, run, d, differing, causes);
            }
            case TraceEvent.ExternalMessage m -> link(m.sender(), sent, run, d, differing, causes);
            case TraceEvent.ExternalPromiseMessage m -> {
                link(m.sender(), sent, run, d, differing, causes);
                link(m.resolver(), resolved, run, d, differing, causes);
            }
            case TraceEvent.SystemMessageTurn s -> {
                if (s.related() != 0) {
                    link(s.related(), "is what the differing system message is about", run, d, differing, causes);
                }
            }
            default -> {}
        }
    }

    /** A cause for the actor with {@code id} in {@code run}, which {@code role} ("sent the differing message"). */
    private void link(
            long id,
            String role,
            RunPlaces run,
            ActorDifference d,
            Map<Integer, ActorDifference> differing,
            List<Cause> causes) {
        int place = run.place(id);
        if (place != d.place() && differing.containsKey(place)) {
            add(causes, new Cause(place, "it " + role));
            return;
        }
        // A timer, promise or actor with no difference of its own, created after its creator's difference.
        RunPlaces.Creation c = run.creation(id);
        if (c != null) {
            int creator = run.place(c.creator());
            ActorDifference cd = differing.get(creator);
            if (creator != d.place() && cd != null && c.position() >= cd.position()) {
                add(
                        causes,
                        new Cause(
                                creator,
                                "it created " + c.kind().word() + " " + id + ", which " + role
                                        + ", after its own difference"));
            }
        }
    }

    private static void add(List<Cause> causes, Cause c) {
        if (causes.stream().noneMatch(x -> x.place() == c.place())) {
            causes.add(c);
        }
    }

    /** Places whose ids differ between the runs, as (id in A, id in B), by A's id. */
    private List<long[]> renamed() {
        List<long[]> pairs = new ArrayList<>();
        for (int place : placesA.places()) {
            Long idB = placesB.id(place);
            long idA = placesA.id(place);
            if (idB != null && idB != idA) {
                pairs.add(new long[] {idA, idB});
            }
        }
        pairs.sort(Comparator.comparingLong(p -> p[0]));
        return pairs;
    }
}
