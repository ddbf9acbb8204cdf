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
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.stream.Stream;

/**
 * Every actor's {@link ActorScript}, made when the replay first meets the actor, and the actors
 * retired since: which recorded actors the replay has met, and which have events left. Each live
 * actor's replay mailbox is found through its script, for the watchdog and the reports.
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
    /**
     * Replay mailboxes without a script of their own to be found by: their actor's id is unknown, or
     * another live mailbox has it. Almost always empty.
     */
    private final Set<ReplayMailbox> unscripted = ConcurrentHashMap.newKeySet();

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
        return scripts.computeIfAbsent(id, this::newScript);
    }

    private ActorScript newScript(long id) {
        return new ActorScript(id, reader.actor(id));
    }

    /**
     * {@code mailbox} was made for its actor: returns the actor's script, through which the watchdog
     * and the reports see the mailbox until {@link #detach}.
     */
    ActorScript attach(ReplayMailbox mailbox) {
        long id = mailbox.actorId();
        ActorScript s = id == TraceIds.UNKNOWN || isRetired(id) ? null : scripts.computeIfAbsent(id, this::newScript);
        if (s == null || !s.attach(mailbox)) {
            unscripted.add(mailbox);
            return s != null ? s : script(id);
        }
        return s;
    }

    /** {@code mailbox}, attached with {@code script}, was cleaned up (its actor stopped): reports no longer see it. */
    void detach(ReplayMailbox mailbox, ActorScript script) {
        if (!script.detach(mailbox)) {
            unscripted.remove(mailbox);
        }
    }

    /** The replay mailboxes of the actors alive now. */
    Stream<ReplayMailbox> mailboxes() {
        Stream<ReplayMailbox> byScript =
                scripts.values().stream().map(ActorScript::mailbox).filter(m -> m != null);
        return unscripted.isEmpty() ? byScript : Stream.concat(byScript, unscripted.stream());
    }

    /** The replay mailbox of live actor {@code id}, or null. */
    ReplayMailbox mailboxOf(long id) {
        ActorScript s = scripts.get(id);
        ReplayMailbox m = s == null ? null : s.mailbox();
        if (m != null) {
            return m;
        }
        return unscripted.stream()
                .filter(u -> u.knownActorId() == id)
                .findFirst()
                .orElse(null);
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
