package dev.reprise.replay;

/**
 * What the replay core needs from the runtime that replays (the agent, for Akka): readable names
 * for reports, which actors are the application's, and the timers it keeps. Akka-free: what a
 * replay mailbox needs of Akka is the agent's own.
 */
public interface ReplaySupport {
    /**
     * Whether this runtime met {@code id} (its actor, timer or outside source), where several replay
     * one trace together ({@link Replay#join}).
     */
    default boolean knows(long id) {
        return true;
    }

    /** A readable name for an id in reports: an actor's path, a timer, an outside source. */
    String describe(long id);

    /**
     * The actor whose turn started outside source {@code source} (a task, thread or callback it
     * started, which runs again only as the actor replays), or -1: reports follow a wait for its
     * input to that actor.
     */
    default long startingActor(long source) {
        return -1;
    }

    /**
     * Whether {@code id} is one of the application's actors (under /user), whose recorded events
     * must all be replayed by the time the program ends; Akka's own actors race their shutdown.
     */
    boolean isApplicationActor(long id);

    /**
     * The most timers the instrumentation kept at once for the replay (a timer is kept from when it
     * is set until it fires or is cancelled), so the summary can show that this stays bounded.
     */
    int timersKeptAtMost();

    /** Actor {@code id} stopped with all its events replayed: what is kept to describe it may go. */
    void forget(long id);

    /**
     * Whether the program goes on by itself although nothing recorded is replayed: one of its own
     * threads runs or sleeps (not parked on a future or a lock, which may wait for what the replay
     * holds back), as the recording may have done at this point. Said in words ("thread main
     * sleeps"), or null. The watchdog then waits, up to {@link Replay#waitLimit()}.
     */
    default String programGoesOn() {
        return null;
    }

    /**
     * Raises signal {@code signal} (its number: SIGTERM is 15) in this JVM, as the recorded run got
     * it ({@link SignalEnd}); false if it cannot.
     */
    default boolean raise(int signal) {
        return false;
    }
}
