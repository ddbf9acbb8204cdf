package dev.reprise.agent.actor;

import dev.reprise.agent.context.AgentCopy;
import java.util.concurrent.atomic.AtomicIntegerArray;
import java.util.concurrent.atomic.AtomicLong;

/**
 * Actor ids in the trace. Guardians get ids from their actor system's place among those the
 * agent's copy started them in ({@link AgentCopy}): the first five systems of the first copy 1, 2
 * and 3, then 4, 5 and 6..., the others from {@link #MORE_GUARDIANS}, never from a counter that
 * systems starting at once race for. Every other actor,
 * temp actor, timer and promise completion gets the next id when it is created, and its creation
 * is recorded in its creator's events, so replay can give the n-th creation of each creator the
 * same id. Ids are 64-bit: a week of 10,000 asks a second (about 2^33 ids) never runs out, and
 * the trace stores small ids in few bytes. The agent's copies in several class loaders ({@link
 * AgentCopy}) count from one counter.
 */
public final class ActorIds {
    /** The sender of messages whose true sender is unknown (sent before recording, or by nobody). */
    public static final long UNKNOWN = dev.reprise.trace.TraceIds.UNKNOWN;

    static final long ROOT_GUARDIAN = 1;
    static final long USER_GUARDIAN = 2;
    static final long SYSTEM_GUARDIAN = 3;
    static final long FIRST_DYNAMIC = 16;
    /** How many actor systems' guardians get the ids below {@link #FIRST_DYNAMIC}. */
    private static final int SYSTEMS_WITH_SMALL_IDS = 5;
    /** Guardians of other actor systems: from 2^40, four ids for each system of each copy. */
    static final long MORE_GUARDIANS = 1L << 40;
    /**
     * In replay, things the trace does not have get ids from here (2^62), far from every recorded
     * id (actors count up from {@link #FIRST_DYNAMIC}, outside sources from
     * {@link dev.reprise.trace.TraceIds#FIRST_EXTERNAL_SOURCE}).
     */
    static final long FIRST_UNRECORDED = 1L << 62;

    private final AtomicLong next;
    private final int copy;
    /** Per guardian path ("/", "/user", "/system"), how many this copy met: the n-th is its n-th system's. */
    private final AtomicIntegerArray guardiansMet = new AtomicIntegerArray(3);

    private ActorIds(AgentCopy copy, long first) {
        this.next = copy.shared("ids.next", () -> new AtomicLong(first));
        this.copy = copy.number();
    }

    /** Recording: every id is new, counted from the first dynamic one. */
    public static ActorIds recording(AgentCopy copy) {
        return new ActorIds(copy, TestIds.firstId(FIRST_DYNAMIC));
    }

    /** Replay: ids come from the trace; {@link #next()} only numbers what the trace does not have. */
    public static ActorIds replaying(AgentCopy copy) {
        return new ActorIds(copy, FIRST_UNRECORDED);
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
        if (fixed == UNKNOWN) {
            return next();
        }
        int system = guardiansMet.getAndIncrement((int) fixed - 1);
        return copy == 1 && system < SYSTEMS_WITH_SMALL_IDS
                ? fixed + 3L * system
                : MORE_GUARDIANS + (((long) copy << 20) + system) * 4 + fixed;
    }
}
