package dev.reprise.replay;

import dev.reprise.trace.TraceIds;
import java.io.IOException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.HashMap;
import java.util.Map;

/**
 * What the runtime that replays (the agent, for Akka) tells the replay core, for tests that drive
 * a {@link Replay} directly: actors have the names given; ids at or above the first outside
 * source's are outside sources, the rest the application's actors.
 */
final class TestSupport implements ReplaySupport {
    private final Map<Long, String> names = new HashMap<>();
    private final Map<Long, Long> startingActors = new HashMap<>();
    /** What {@link #programGoesOn} says: the program's own thread that goes on by itself, or null. */
    volatile String goesOn;

    /** Actor {@code id} is called {@code name} in reports ("/user/a (1)"). */
    TestSupport name(long id, String name) {
        names.put(id, name);
        return this;
    }

    /** Outside source {@code source} is a task or thread that a turn of actor {@code actor} started. */
    TestSupport starts(long source, long actor) {
        startingActors.put(source, actor);
        return this;
    }

    /** Opens the trace in {@code dir} for replay, as a test does: a divergence is kept, never halts the JVM. */
    static Replay open(Path dir, TestSupport support, Duration quiet) throws IOException {
        return Replay.open(dir, support, quiet, false, false, false);
    }

    @Override
    public String programGoesOn() {
        return goesOn;
    }

    @Override
    public String describe(long id) {
        return names.getOrDefault(id, "actor") + " (" + id + ")";
    }

    @Override
    public long startingActor(long source) {
        return startingActors.getOrDefault(source, -1L);
    }

    @Override
    public boolean isApplicationActor(long id) {
        return id < TraceIds.FIRST_EXTERNAL_SOURCE;
    }

    @Override
    public int timersKeptAtMost() {
        return 0;
    }

    @Override
    public void forget(long id) {}
}
