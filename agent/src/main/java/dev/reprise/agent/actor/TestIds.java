package dev.reprise.agent.actor;

/**
 * For tests only: {@code -Dreprise.test.firstId=N} makes a recording number its actors, temp
 * actors, timers and promise completions from {@code N} instead of from the first dynamic id, as
 * if the recorded program had been running for days (a test sets it just below 2^31 or 2^32 to
 * see the ids cross those bounds mid-run). Replay ignores it: recorded ids come from the trace.
 * Not for users.
 */
final class TestIds {
    private TestIds() {}

    /** Where the id counter starts: the property's value if it is set (and above {@code usual}), else {@code usual}. */
    static long firstId(long usual) {
        String n = System.getProperty("reprise.test.firstId");
        return n == null ? usual : Math.max(usual, Long.parseLong(n.strip()));
    }
}
