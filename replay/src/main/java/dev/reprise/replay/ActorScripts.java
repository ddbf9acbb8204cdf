package dev.reprise.replay;

import dev.reprise.trace.ActorEventSource;
import dev.reprise.trace.EventTally;
import dev.reprise.trace.TraceEvent;
import dev.reprise.trace.TraceIds;
import dev.reprise.trace.TraceIndex;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.stream.Stream;

/**
 * Every actor's {@link ActorScript}, made when the replay first meets the actor, and the actors
 * retired since: which recorded actors the replay has met, and which have events left.
 */
final class ActorScripts {
    private final TraceIndex reader;
    private final ReplaySupport support;
    private final Map<Long, ActorScript> scripts = new ConcurrentHashMap<>();
    /**
     * Actors that stopped after consuming all their events: their scripts are dropped, so a program
     * that creates millions of short-lived actors replays in the memory of the live ones (one bit
     * per retired actor).
     */
    private final RetiredIds retired = new RetiredIds();

    ActorScripts(TraceIndex reader, ReplaySupport support) {
        this.reader = reader;
        this.support = support;
    }

    /** The script of actor {@code id} (empty if the trace has no events for it). */
    ActorScript script(long id) {
        ActorScript s = scripts.get(id);
        if (s != null) {
            return s;
        }
        if (isRetired(id)) {
            return ActorScript.retired(id);
        }
        return scripts.computeIfAbsent(id, a -> new ActorScript(a, reader.actor(a)));
    }

    /** Actor {@code id} has stopped: once all its events are consumed, its script is no longer kept. */
    void stopped(long id) {
        ActorScript s = scripts.get(id);
        if (s == null || !s.finished() || s.missingSubtrace() >= 0) {
            return; // unfinished scripts stay, for the end-of-replay check and its report
        }
        retired.add(id);
        scripts.remove(id);
        reader.forget(id);
        support.forget(id);
    }

    private boolean isRetired(long id) {
        return retired.contains(id);
    }

    /** Actors whose recorded events are not all consumed. */
    List<ActorScript> unfinished() {
        List<ActorScript> out = new ArrayList<>();
        for (ActorScript s : scripts.values()) {
            if (!s.finished()) {
                out.add(s);
            }
        }
        return out;
    }

    /** Recorded actors, or with {@code sources} outside threads, that the replay has not met yet. */
    long neverSeen(boolean sources) {
        return neverSeenIds(sources).count();
    }

    /**
     * The recorded events of the outside threads that the replay never met, counted: what a replay
     * whose input came from the trace (or that ended before Akka's threads at shutdown) did not
     * need. Read at the end of the replay; a damaged part counts as far as it reads.
     */
    EventTally neverSeenSourcesEvents() {
        EventTally tally = new EventTally();
        neverSeenIds(true).forEach(id -> {
            ActorEventSource events = reader.actor(id);
            try {
                for (TraceEvent e; (e = events.next()) != null; ) {
                    tally.add(e);
                }
            } catch (IOException e) {
                // the damage is reported with the replay's problems
            }
        });
        return tally;
    }

    private Stream<Long> neverSeenIds(boolean sources) {
        return reader.actors().stream()
                .filter(a -> !scripts.containsKey(a)
                        && !isRetired(a)
                        && !TraceIds.isRecorder(a, reader.formatVersion())
                        && TraceIds.isExternalSource(a, reader.formatVersion()) == sources);
    }
}
