package dev.reprise.tide.runtime;

import com.oracle.truffle.api.CallTarget;
import com.oracle.truffle.api.CompilerDirectives.TruffleBoundary;
import com.oracle.truffle.api.exception.AbstractTruffleException;
import dev.reprise.tide.language.TideContext;
import dev.reprise.tide.language.TideError;
import dev.reprise.tide.language.TideLanguage;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;

/**
 * Runs one program's actors on a small pool of worker threads. An actor with messages is queued
 * once; the worker that takes it processes its messages one at a time in arrival order, so no
 * actor ever runs on two threads at once. The program ends when no message is left anywhere.
 */
public final class ActorSystem {
    // A worker processes at most this many messages of one actor before letting others run.
    private static final int BATCH = 64;

    private final TideLanguage language;
    private final TideContext context;
    private final CallTarget processor;
    private final int workerCount;
    private final Actor stop = new Actor(this, -1, "stop", null, 0);
    private final LinkedBlockingQueue<Actor> ready = new LinkedBlockingQueue<>();
    private final AtomicInteger nextId = new AtomicInteger();
    // Messages sent and not yet processed; reaching 0 means nothing can happen any more.
    private final AtomicLong pending = new AtomicLong();
    private final CountDownLatch finished = new CountDownLatch(1);
    private volatile Throwable failure;

    /**
     * A system whose messages are processed by calling processor with the message.
     *
     * @param workers the number of worker threads
     */
    public ActorSystem(TideLanguage language, TideContext context, CallTarget processor, int workers) {
        this.language = language;
        this.context = context;
        this.processor = processor;
        this.workerCount = workers;
    }

    /** Runs the main actor's body, then every message, until none is left or one fails. */
    @TruffleBoundary
    public void run(ActorDecl main) {
        createActor(main, null, new Object[0]);
        List<Thread> workers = new ArrayList<>();
        for (int i = 0; i < workerCount; i++) {
            Thread worker = context.env().newTruffleThreadBuilder(this::work).build();
            worker.setName("tide-worker-" + i);
            workers.add(worker);
            worker.start();
        }
        try {
            finished.await();
            for (int i = 0; i < workerCount; i++) {
                ready.add(stop);
            }
            for (Thread worker : workers) {
                worker.join();
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new TideError("interrupted while running actors");
        }
        rethrowFailure();
    }

    /** Creates an actor of the declaration and queues its body as its first message. */
    @TruffleBoundary
    public Actor createActor(ActorDecl decl, Actor creator, Object[] arguments) {
        int childNumber = creator == null ? 0 : creator.nextChildNumber();
        Actor actor = new Actor(this, nextId.getAndIncrement(), decl.name(), creator, childNumber);
        send(new CreationMessage(actor, creator, decl.bodyClosure(), arguments));
        return actor;
    }

    /** Puts the message in its target's mailbox, scheduling the target if it was idle. */
    @TruffleBoundary
    public void send(Message message) {
        pending.incrementAndGet();
        Actor target = message.target();
        if (target.enqueue(message)) {
            ready.add(target);
        }
    }

    private void work() {
        Turn turn = language.turn();
        while (true) {
            Actor actor;
            try {
                actor = ready.take();
            } catch (InterruptedException e) {
                return;
            }
            if (actor == stop) {
                return;
            }
            turn.setActor(actor);
            boolean drained = false;
            for (int i = 0; i < BATCH && !drained; i++) {
                Message message = actor.dequeue();
                drained = message == null;
                if (!drained) {
                    process(message);
                }
            }
            turn.setActor(null);
            if (!drained) {
                ready.add(actor);
            }
        }
    }

    private void process(Message message) {
        try {
            if (failure == null) {
                processor.call(message);
            }
        } catch (RuntimeException | StackOverflowError e) {
            fail(e);
        } finally {
            if (pending.decrementAndGet() == 0) {
                finished.countDown();
            }
        }
    }

    private void fail(Throwable error) {
        if (failure == null) {
            failure = error;
        }
        finished.countDown();
    }

    private void rethrowFailure() {
        Throwable error = failure;
        if (error instanceof AbstractTruffleException guestError) {
            throw guestError;
        }
        if (error != null) {
            throw new TideError("actor failed: " + error);
        }
    }
}
