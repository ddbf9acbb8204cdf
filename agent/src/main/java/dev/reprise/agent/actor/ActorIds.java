package dev.reprise.agent.actor;

import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;

/**
 * Actor ids in the trace. Guardians of the first actor system get fixed ids; every other actor,
 * temp actor, timer and promise completion gets the next id when it is created, and its creation
 * is recorded in its creator's events, so replay can give the n-th creation of each creator the
 * same id. Ids are 64-bit: a week of 10,000 asks a second (about 2^33 ids) never runs out, and
 * the trace stores small ids in few bytes.
 */
public final class ActorIds {
    /** The sender of messages whose true sender is unknown (sent before recording, or by nobody). */
    public static final long UNKNOWN = dev.reprise.trace.TraceIds.UNKNOWN;

    static final long ROOT_GUARDIAN = 1;
    static final long USER_GUARDIAN = 2;
    static final long SYSTEM_GUARDIAN = 3;
    static final long FIRST_DYNAMIC = 16;
    /**
     * In replay, things the trace does not have get ids from here (2^62), far from every recorded
     * id (actors count up from {@link #FIRST_DYNAMIC}, outside sources from
     * {@link dev.reprise.trace.TraceIds#FIRST_EXTERNAL_SOURCE}).
     */
    static final long FIRST_UNRECORDED = 1L << 62;

    private final AtomicLong next;
    private final AtomicInteger guardiansAssigned = new AtomicInteger();

    private ActorIds(long first) {
        this.next = new AtomicLong(first);
    }

    /** Recording: every id is new, counted from the first dynamic one. */
    public static ActorIds recording() {
        return new ActorIds(TestIds.firstId(FIRST_DYNAMIC));
    }

    /** Replay: ids come from the trace; {@link #next()} only numbers what the trace does not have. */
    public static ActorIds replaying() {
        return new ActorIds(FIRST_UNRECORDED);
    }

    public long next() {
        return next.getAndIncrement();
    }

    /** The id of a guardian met without a recorded creation, by its path ("/", "/user", "/system"). */
    long guardian(String path) {
        long fixed = switch (path) {
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
