package dev.reprise.replay;

import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;

/**
 * The supports of the runtimes that replay one trace together: the agent's copies in several class
 * loaders of one JVM, each for the actor system its loader's Akka makes ({@link Replay#join}).
 * Each answers for the ids it knows; the first answers for the rest.
 */
final class ReplaySupports implements ReplaySupport {
    private final List<ReplaySupport> supports = new CopyOnWriteArrayList<>();

    ReplaySupports(ReplaySupport first) {
        supports.add(first);
    }

    void add(ReplaySupport more) {
        supports.add(more);
    }

    /** The support that knows {@code id}, else the first. */
    private ReplaySupport of(long id) {
        if (supports.size() > 1) {
            for (ReplaySupport s : supports) {
                if (s.knows(id)) {
                    return s;
                }
            }
        }
        return supports.get(0);
    }

    @Override
    public boolean knows(long id) {
        return supports.stream().anyMatch(s -> s.knows(id));
    }

    @Override
    public String describe(long id) {
        return of(id).describe(id);
    }

    @Override
    public long startingActor(long source) {
        return of(source).startingActor(source);
    }

    @Override
    public boolean isApplicationActor(long id) {
        return of(id).isApplicationActor(id);
    }

    @Override
    public int timersKeptAtMost() {
        return supports.stream().mapToInt(ReplaySupport::timersKeptAtMost).sum();
    }

    @Override
    public void forget(long id) {
        supports.forEach(s -> s.forget(id));
    }

    @Override
    public String programGoesOn() {
        for (ReplaySupport s : supports) {
            String goesOn = s.programGoesOn();
            if (goesOn != null) {
                return goesOn;
            }
        }
        return null;
    }

    @Override
    public boolean raise(int signal) {
        return supports.get(0).raise(signal);
    }
}
