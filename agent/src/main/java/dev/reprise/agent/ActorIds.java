package dev.reprise.agent;

import java.util.concurrent.atomic.AtomicInteger;

/**
 * Actor ids in the trace. Guardians of the first actor system get fixed ids; every other actor,
 * temp actor and timer gets the next id when it is created, and its creation is recorded in its
 * creator's events, so replay can give the n-th creation of each creator the same id.
 */
final class ActorIds {
    /** The sender of messages whose true sender is unknown (sent before recording, or by nobody). */
    static final int UNKNOWN = dev.reprise.trace.TraceIds.UNKNOWN;
    static final int ROOT_GUARDIAN = 1;
    static final int USER_GUARDIAN = 2;
    static final int SYSTEM_GUARDIAN = 3;
    static final int FIRST_DYNAMIC = 16;

    private static final AtomicInteger next = new AtomicInteger(FIRST_DYNAMIC);
    private static final AtomicInteger guardiansAssigned = new AtomicInteger();

    private ActorIds() {}

    /** In replay, things the trace does not have get ids from here, apart from every recorded id. */
    static final int FIRST_UNRECORDED = 0x6000_0000;

    static int next() {
        return next.getAndIncrement();
    }

    /** Replay: ids come from the trace; {@link #next()} only numbers what the trace does not have. */
    static void replaying() {
        next.set(FIRST_UNRECORDED);
    }

    /** The id of a guardian met without a recorded creation, by its path ("/", "/user", "/system"). */
    static int guardian(String path) {
        int fixed = switch (path) {
            case "/" -> ROOT_GUARDIAN;
            case "/user" -> USER_GUARDIAN;
            case "/system" -> SYSTEM_GUARDIAN;
            default -> UNKNOWN;
        };
        // Only the first actor system's three guardians get the fixed ids.
        if (fixed != UNKNOWN && guardiansAssigned.getAndIncrement() < 3) {
            return fixed;
        }
        return next();
    }
}
