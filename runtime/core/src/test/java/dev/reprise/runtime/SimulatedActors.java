package dev.reprise.runtime;

import dev.reprise.trace.CreationKind;
import dev.reprise.trace.TraceEvent;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;

/**
 * A tiny actor system for testing the recorder without Akka: actors are handed between real
 * worker threads through a queue (which orders their turns, as a mailbox does), and each turn
 * records a few events through the worker's {@link ThreadRecorder}. Every actor remembers what
 * was recorded for it, so tests can compare the trace with the truth.
 */
final class SimulatedActors {
    static final class Actor {
        final ActorRecord record;
        final List<TraceEvent> expected = new ArrayList<>();
        final List<byte[]> data = new ArrayList<>();

        Actor(int id) {
            this.record = new ActorRecord(id);
        }
    }

    final List<Actor> actors = new ArrayList<>();
    final AtomicLong attempted = new AtomicLong();
    private final Recorder recorder;

    SimulatedActors(Recorder recorder, int actorCount) {
        this.recorder = recorder;
        for (int i = 0; i < actorCount; i++) {
            actors.add(new Actor(i < 3 ? i + 1 : 100 + i * 37));
        }
    }

    /**
     * Runs {@code turns} turns on {@code threads} worker threads.
     *
     * @param systemCalls whether turns also record system calls with data
     */
    void run(int threads, int turns, boolean systemCalls, long seed) throws InterruptedException {
        LinkedBlockingQueue<Actor> runnable = new LinkedBlockingQueue<>(actors);
        AtomicLong turnsLeft = new AtomicLong(turns);
        List<Thread> workers = new ArrayList<>();
        for (int t = 0; t < threads; t++) {
            Random r = new Random(seed + t);
            Thread w = new Thread(
                    () -> {
                        ThreadRecorder rec = recorder.forCurrentThread();
                        try {
                            while (turnsLeft.getAndDecrement() > 0) {
                                Actor a = runnable.poll(10, TimeUnit.MILLISECONDS);
                                if (a == null) {
                                    rec.idle(); // nothing to run: the thread would park, so it hands over its buffer
                                    turnsLeft.incrementAndGet();
                                    continue;
                                }
                                turn(rec, a, r, systemCalls);
                                rec.leave();
                                runnable.add(a);
                            }
                        } catch (InterruptedException e) {
                            Thread.currentThread().interrupt();
                        }
                        rec.idle();
                    },
                    "worker-" + t);
            workers.add(w);
            w.start();
        }
        for (Thread w : workers) {
            w.join();
        }
    }

    private void turn(ThreadRecorder rec, Actor a, Random r, boolean systemCalls) {
        int events = 1 + r.nextInt(r.nextInt(8) == 0 ? 200 : 6);
        long usualSender = actors.get(r.nextInt(actors.size())).record.id();
        for (int i = 0; i < events; i++) {
            int k = r.nextInt(10);
            attempted.incrementAndGet();
            if (k < 6) {
                rec.message(a.record, usualSender);
                a.expected.add(new TraceEvent.Message(usualSender));
            } else if (k == 6) {
                int other = r.nextInt(70000);
                rec.message(a.record, other);
                a.expected.add(new TraceEvent.Message(other));
            } else if (k == 7) {
                rec.promiseMessage(a.record, usualSender, 300, dev.reprise.trace.Fingerprint.NONE);
                a.expected.add(new TraceEvent.PromiseMessage(usualSender, 300));
            } else if (k == 8 || !systemCalls) {
                int child = 5000 + r.nextInt(1000);
                rec.creation(a.record, child, CreationKind.ACTOR);
                a.expected.add(new TraceEvent.Creation(child));
            } else {
                byte[] value = Long.toString(r.nextLong()).getBytes(java.nio.charset.StandardCharsets.US_ASCII);
                a.data.add(value);
                rec.systemCall(a.record, value);
                a.expected.add(new TraceEvent.SystemCall(a.data.size()));
            }
        }
    }
}
