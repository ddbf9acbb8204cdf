package dev.reprise.agent.replay;

import akka.actor.ActorRef;
import java.lang.ref.Reference;
import java.lang.ref.ReferenceQueue;
import java.lang.ref.WeakReference;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Replay only: the live ref of each actor and ask temp actor by trace id, so that outside input is
 * injected with the sender it was recorded with. Weak: an entry goes when its ref is collected,
 * so memory follows the refs the program still holds (a stopped actor's ref that the program
 * keeps still resolves, as it did when recording: replies to it go to dead letters).
 */
final class LiveRefs {
    private final Map<Long, Entry> refs = new ConcurrentHashMap<>();
    private final ReferenceQueue<ActorRef> collected = new ReferenceQueue<>();

    private static final class Entry extends WeakReference<ActorRef> {
        final long id;

        Entry(long id, ActorRef ref, ReferenceQueue<ActorRef> collected) {
            super(ref, collected);
            this.id = id;
        }
    }

    /** Actor or temp actor {@code id} was created (on its creator's thread, before anyone can send as it). */
    void created(long id, ActorRef ref) {
        for (Reference<? extends ActorRef> r; (r = collected.poll()) != null; ) {
            refs.remove(((Entry) r).id, r);
        }
        refs.put(id, new Entry(id, ref, collected));
    }

    /** The live ref of trace id {@code id}, or null if it does not exist (yet, or any more). */
    ActorRef of(long id) {
        Entry e = refs.get(id);
        return e == null ? null : e.get();
    }
}
