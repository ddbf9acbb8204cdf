package dev.reprise.agent.context;

import java.util.concurrent.ForkJoinPool;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.LockSupport;
import java.util.function.BooleanSupplier;

/**
 * The one rule for reads of state that other contexts change outside any mailbox, made by code
 * whose course they decide ({@link ActorReads}, {@link FutureReads}, {@link StageReads}): whether
 * another actor is terminated, a future complete, a stage's result there. The answer depends on how
 * far another context has run, which is chance; so in an actor's own turn it is recorded as a
 * system call of that actor (one byte), and replay gives the recorded answer. An answer that the
 * recording found "done" and that is not done yet in replay is waited for, as its doer replays,
 * where the reader needs what was done ({@link #doneAnswer}); where it needs only the answer
 * ({@link #answer}), it is not.
 * Whether a future is complete is recorded in the same way for every context replayed in order
 * (threads, tasks, callbacks: {@link #ownContext}); the other reads, outside a turn, get the live
 * answer.
 */
final class SharedReads {
    /** How long a replayed read waits for what the recording found done. */
    private static final long WAIT_NANOS = TimeUnit.SECONDS.toNanos(60);

    private static final byte[] TRUE = {1};
    private static final byte[] FALSE = {0};

    private SharedReads() {}

    /** The current actor's own turn (not a callback, task or thread, nor the agent's own reads), else null. */
    static AgentThread ownTurn() {
        AgentThread t = AgentThread.peek();
        return t == null || t.hooked > 0 || t.current == null || t.callOwner() != t.current ? null : t;
    }

    /**
     * The context whose reads are recorded now, else null: an actor's own turn, or a thread, task,
     * callback or timer task that replay runs in its recorded order, running on its own (not
     * inside a turn), whose clock calls are recorded too ({@link SystemCalls#recordsCalls}).
     */
    static AgentThread ownContext() {
        AgentThread t = AgentThread.peek();
        if (t == null || t.hooked > 0) {
            return null;
        }
        if (t.current != null) {
            return t.callOwner() == t.current ? t : null;
        }
        return SystemCalls.recordsCalls(t) ? t : null;
    }

    /** A yes-or-no read named {@code name} that found {@code live}: recorded, or in replay the recorded answer. */
    static boolean answer(AgentThread t, String name, boolean live) {
        byte[] answer = SystemCalls.recordOrReplay(t, name, live ? TRUE : FALSE);
        return answer != null && answer.length == 1 ? answer[0] != 0 : live;
    }

    /**
     * A read named {@code name} found {@code live} (whether something is done): the answer to
     * give. If the recording found it done and it is not yet, waits until {@code done} says it is
     * (at most a minute; then the live answer, and the replay diverges where it matters).
     */
    static boolean doneAnswer(AgentThread t, String name, boolean live, BooleanSupplier done) {
        boolean answer = answer(t, name, live);
        if (answer && !live) {
            Waiting waiting = new Waiting(done, System.nanoTime() + WAIT_NANOS);
            try {
                // A managed block: a dispatcher's pool with every thread taken (one thread, say) adds one meanwhile,
                // so the actor that does it can run while this turn waits for it.
                ForkJoinPool.managedBlock(waiting);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
            return done.getAsBoolean();
        }
        return answer;
    }

    /** Waiting for what the recording found done, until a deadline. */
    private record Waiting(BooleanSupplier done, long deadline) implements ForkJoinPool.ManagedBlocker {
        @Override
        public boolean block() {
            LockSupport.parkNanos(SharedReads.class, 200_000); // a blocker: the watchdog sees a wait, not a sleep
            return isReleasable();
        }

        @Override
        public boolean isReleasable() {
            return done.getAsBoolean() || System.nanoTime() >= deadline;
        }
    }
}
