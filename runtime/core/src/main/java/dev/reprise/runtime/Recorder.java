package dev.reprise.runtime;

import dev.reprise.trace.CreationKind;
import dev.reprise.trace.EventBuffer;
import dev.reprise.trace.Fingerprint;
import dev.reprise.trace.SourceNames;
import dev.reprise.trace.SystemMessageKind;
import dev.reprise.trace.TraceIds;
import dev.reprise.trace.TraceMetadata;
import dev.reprise.trace.TraceWriter;
import java.io.IOException;
import java.util.HashMap;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.LongAdder;

/**
 * The recording runtime of one JVM: a bounded pool of event buffers, one {@link ThreadRecorder}
 * per recording thread, one {@link WriterThread} that does all I/O, periodic flushing, external
 * data, statistics (in process and over JMX) and a complete flush at {@link #close()} or JVM
 * shutdown, after which the metadata records a clean end and the counts.
 *
 * <p>It never breaks the application: an internal failure is logged once, recording stops, and
 * every recording call becomes a cheap no-op.
 *
 * <p>This class keeps what the recording threads read on every event (the flush epoch, whether it
 * still records), the recording's life (start, close, JVM exit) and its counts; the rest is a
 * class per concern: {@link ThreadRegistry}, {@link BufferTakeOver}, {@link DataIntake},
 * {@link RecorderHealth} and {@link RecorderJmx}.
 */
public final class Recorder extends FlushEpoch implements AutoCloseable {
    /** The pseudo-actor id under which the recorder writes its own events (the final gap). */
    public static final long RECORDER_ACTOR = TraceIds.RECORDER;
    /** External sources get pseudo-actor ids from here up, in the order they are registered. */
    public static final long FIRST_SOURCE_ID = TraceIds.FIRST_EXTERNAL_SOURCE;

    final RecorderSettings settings;
    final BufferPool pool;
    private final TraceWriter trace;
    private final WriterThread writer;
    /** The threads that record, until the tick after they die. */
    private final ThreadRegistry threads = new ThreadRegistry();
    /** Here, not in the registry: {@link #forCurrentThread} reads it at every event of a thread that is not a {@link RecordingThread}. */
    private final ThreadLocal<ThreadRecorder> byThreadLocal;

    private final BufferTakeOver takeOver;
    private final DataIntake dataIntake;
    private final RecorderHealth health = new RecorderHealth(this);
    private final RecorderJmx jmx = new RecorderJmx(this);
    private final AtomicLong nextSourceId = new AtomicLong(FIRST_SOURCE_ID);
    /** The sources declared by name ({@link #registerSource}), which may be declared again; not the agent's contexts. */
    private final Map<String, Long> declaredSources = new HashMap<>();

    private final LongAdder dropped = new LongAdder();
    private final LongAdder gapsWritten = new LongAdder();
    /** Time threads waited for room: for a buffer, and for data at the data memory bound ({@link DataIntake}). */
    private final LongAdder blockedNanos = new LongAdder();

    private final java.util.concurrent.ConcurrentHashMap<String, LongAdder> extraCounts =
            new java.util.concurrent.ConcurrentHashMap<>();
    private final AtomicBoolean closed = new AtomicBoolean();
    private final Thread shutdownHook;
    /** Run by the shutdown hook before it closes the trace, in turn: let the application's own shutdown finish first. */
    private final java.util.List<Runnable> beforeExitClose = new java.util.concurrent.CopyOnWriteArrayList<>();

    volatile boolean closing;
    /** The trace is closing because the JVM exits (not because the last actor system terminated). */
    volatile boolean exiting;

    private final java.util.concurrent.CountDownLatch closedAtExit = new java.util.concurrent.CountDownLatch(1);
    private static final long EXIT_PAUSE_SECONDS = 5;
    private static final long EXIT_PAUSE_AFTER_CLOSE_MILLIS = 1000;
    /** Recording has stopped: an internal failure, or a refusal ({@link RecorderHealth} sets it). */
    volatile boolean degraded;

    private Recorder(RecorderSettings settings, TraceWriter trace) {
        this.settings = settings;
        DataMemory dataMemory = new DataMemory(settings.dataMemory());
        this.trace = trace;
        this.pool = new BufferPool(
                settings.maxBuffers(), settings.bufferSize(), settings.encoding(), settings.fingerprints());
        this.writer = new WriterThread(this, trace);
        this.dataIntake = new DataIntake(this, writer, dataMemory, blockedNanos);
        this.takeOver = new BufferTakeOver(this, threads, writer);
        this.byThreadLocal = ThreadLocal.withInitial(() -> register(Thread.currentThread()));
        this.shutdownHook = new Thread(this::closeAtExit, "reprise-shutdown");
        loadAppends(settings);
    }

    /**
     * Runs each append once on a scratch buffer, so every class it needs is loaded and initialised
     * now: a thread loading one between its epoch check and its append would wait (on the class's
     * lock) there, and a waiting thread is one the writer may take over ({@link BufferTakeOver}).
     */
    private static void loadAppends(RecorderSettings settings) {
        Preemption.load();
        EventBuffer b = new EventBuffer(512, settings.encoding(), true);
        b.subtraceStart(1, 0);
        b.message(2, Fingerprint.NONE);
        b.message(2, Fingerprint.NONE);
        b.promiseMessage(3, 4, Fingerprint.NONE);
        b.externalMessage(5, 0, 1, Fingerprint.NONE);
        b.creation(6, CreationKind.ACTOR, Fingerprint.NONE);
        b.systemCall(7);
        b.externalPromiseMessage(5, 4, 0, 2, Fingerprint.NONE);
        b.systemMessageTurn(SystemMessageKind.TERMINATE, 0);
        b.turnSends(1);
        b.gap(1);
        b.subtraceStart(1L << 40, 1);
        b.message(1L << 40, Fingerprint.NONE);
        b.patchMark(b.lastMark(), Fingerprint.NONE);
        b.hasRoom();
    }

    /**
     * At JVM exit, {@code wait} runs before the trace is closed, after those given before: e.g. until the actor systems that
     * terminate in their own shutdown hooks have done so, so what they do is in the trace. It must
     * return within a bounded time.
     */
    public void beforeExitClose(Runnable wait) {
        beforeExitClose.add(wait);
    }

    private void closeAtExit() {
        for (Runnable wait : beforeExitClose) {
            try {
                wait.run();
            } catch (RuntimeException | Error e) {
                internalError("shutting down", e);
            }
        }
        exiting = true;
        close();
    }

    /**
     * For a recording thread that meets the close at JVM exit: waits until the trace is closed, and
     * a moment more. The JVM halts then, so the turn that thread was starting is neither recorded
     * nor run, and the program's output ends where its trace does. Should another shutdown hook of
     * the application still need the actors, they go on, unrecorded, after this pause.
     */
    void awaitClosedAtExit() {
        try {
            if (closedAtExit.await(EXIT_PAUSE_SECONDS, TimeUnit.SECONDS)) {
                Thread.sleep(EXIT_PAUSE_AFTER_CLOSE_MILLIS);
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    /**
     * Creates the trace directory and starts recording into it.
     *
     * @throws IOException when the trace cannot be created (e.g. the directory already holds one)
     */
    public static Recorder start(RecorderSettings settings) throws IOException {
        return start(settings, Map.of());
    }

    /** Like {@link #start(RecorderSettings)}, with more settings for the metadata (the agent's own). */
    public static Recorder start(RecorderSettings settings, Map<String, String> moreSettings) throws IOException {
        Recorder r = startWithoutMBean(settings, moreSettings);
        r.registerMBean();
        return r;
    }

    /**
     * Like {@link #start(RecorderSettings, Map)} without the JMX bean, which the caller registers
     * with {@link #registerMBean()} when it suits it (JMX takes a while to start: the agent does
     * it off the application's main thread).
     */
    public static Recorder startWithoutMBean(RecorderSettings settings, Map<String, String> moreSettings)
            throws IOException {
        Map<String, String> all = new java.util.LinkedHashMap<>(settings.describe());
        all.putAll(moreSettings);
        TraceWriter trace = TraceWriter.create(
                settings.traceDir(),
                TraceMetadata.begin(settings.program(), all),
                settings.compress(),
                settings.access(),
                settings.sync() != SyncPolicy.NONE);
        Recorder r = new Recorder(settings, trace);
        r.writer.start();
        Runtime.getRuntime().addShutdownHook(r.shutdownHook);
        return r;
    }

    public RecorderSettings settings() {
        return settings;
    }

    /** The current thread's recorder: a field of a {@link RecordingThread}, else a thread-local. */
    public ThreadRecorder forCurrentThread() {
        Thread t = Thread.currentThread();
        if (t instanceof RecordingThread rt) {
            ThreadRecorder r = rt.repriseRecorder();
            if (r == null || r.recorder != this) {
                r = register(t);
                rt.repriseRecorder(r);
            }
            return r;
        }
        return byThreadLocal.get();
    }

    private ThreadRecorder register(Thread t) {
        return threads.register(this, t);
    }

    /**
     * The pseudo-actor id of the declared external source {@code name} (the API's
     * {@code Reprise.externalSource}): a name declared again gets its first id. Remembered for the
     * whole recording, as declared sources are few (one per static field).
     */
    public long registerSource(String name) {
        synchronized (declaredSources) {
            Long id = declaredSources.get(name);
            if (id == null) {
                id = newSource(name);
                declaredSources.put(name, id);
            }
            return id;
        }
    }

    /**
     * A new pseudo-actor id for the outside source {@code name}, whose name the caller never
     * registers again (a context of the agent, which keeps its id): the next id from
     * {@code FIRST_SOURCE_ID} up, so a program that makes its sources in the same order gets the
     * same ids in replay. The name goes to the data file ({@link SourceNames}), which the writer
     * flushes at its next tick, so a crashed recording keeps it too; nothing of it stays here.
     */
    public long newSource(String name) {
        long id = nextSourceId.getAndIncrement();
        if (degraded || closing) {
            return id; // nothing more is written
        }
        dataIntake.sourceName(id, name);
        return id;
    }

    /**
     * Writer thread, each tick: the counts a crashed recording must keep (agent errors) if any
     * changed since the last call, else null.
     */
    Map<String, Long> changedProgress() {
        return health.changedProgress();
    }

    /** Why nothing is recorded, or null. */
    String notRecorded() {
        return health.notRecorded();
    }

    /**
     * Counts an internal error of the agent at {@code site} (a short, stable description of where).
     * The counts reach the metadata within a flush interval, so a killed recording keeps them too.
     * Only for the error path: it takes a lock.
     */
    public void agentError(String site) {
        health.agentError(site);
    }

    /**
     * Counts a use of {@code feature}, something the agent does not record faithfully (a short,
     * stable name: {@code boundedSourceQueue}). As {@link #agentError}, a killed recording keeps the
     * count. Only for such uses: it takes a lock.
     */
    public void notCovered(String feature) {
        health.notCovered(feature);
    }

    /**
     * How the run ends: {@code key} ({@link TraceMetadata#EXIT_STATUS}, {@link TraceMetadata#MAIN_THREW})
     * is {@code value}, in the metadata under {@link TraceMetadata#ENDED_PREFIX} from the writer's
     * next tick, and at the clean end that follows.
     */
    public void ended(String key, long value) {
        health.ended(key, value);
        if (closed.get()) { // the trace was finished already (its last actor system terminated): add it there
            try {
                closedAtExit.await(5, TimeUnit.SECONDS);
                if (trace.metadata().cleanEnd()) {
                    trace.countAfterFinish(TraceMetadata.ENDED_PREFIX + key, value);
                }
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            } catch (IOException e) {
                internalError("recording how the run ended", e);
            }
        }
    }

    /**
     * Records nothing from now on, and says why in the metadata (e.g. the application's Akka is of a
     * version the agent does not support). The trace still ends cleanly, with no events. Idempotent.
     */
    public void refuse(String reason) {
        health.refuse(reason);
    }

    /**
     * Records external data {@code (owner, dataId)}: {@code bytes}, encoded by the caller when the
     * data was made (an outside message as it was sent), from any thread, which the recorder owns
     * from now on. (A recording thread's own system-call results take its stage instead:
     * {@link ThreadRecorder#systemCall}.) They count against the data memory bound by their size until the
     * writer has written them; at the bound the caller waits or the entry is dropped and counted,
     * per the overflow policy.
     */
    public void recordData(long owner, long dataId, byte[] bytes) {
        if (degraded || closing) {
            return;
        }
        dataIntake.record(owner, dataId, bytes);
    }

    /**
     * Stages a recording thread's system-call result {@code (owner, dataId)} in its own {@code
     * stage}, which the writer drains: as {@link #recordData}, without a shared write per entry.
     * Not refused while closing: the event it belongs to may already be in the trace, and the
     * writer's last drain still takes it.
     */
    void stageData(DataStage stage, long owner, long dataId, byte[] bytes) {
        if (degraded) {
            return;
        }
        dataIntake.stage(stage, owner, dataId, bytes);
    }

    /** A recording thread's data stage: chunks of 4 KB, or less under a small data memory bound. */
    DataStage newDataStage() {
        return dataIntake.newStage();
    }

    /** The threads that record now (the writer drains their data stages). */
    Iterable<ThreadRecorder> recordingThreads() {
        return threads;
    }

    /** The writer wrote {@code bytes} of queued data. */
    void dataWritten(long bytes) {
        dataIntake.written(bytes);
    }

    void submit(int threadId, long sequence, EventBuffer buffer) {
        writer.full.offer(new WriterThread.Full(threadId, sequence, buffer, buffer.size(), buffer.markCount(), true));
    }

    /** Adds to a count that the metadata records at the end (e.g. the outside messages the agent could not copy). */
    public void count(String key, long delta) {
        extraCounts.computeIfAbsent(key, k -> new LongAdder()).add(delta);
    }

    void blocked(long nanos) {
        blockedNanos.add(nanos);
    }

    void dropped(long n) {
        dropped.add(n);
    }

    void gapWritten(long n) {
        gapsWritten.add(n);
    }

    /**
     * Writer thread, every flush interval: advances the epoch (active threads then hand over their
     * buffers at their next event) and takes over the buffers of threads that have recorded
     * nothing for a whole interval or have died, so no event waits longer than about two
     * intervals to reach the file.
     */
    void tick() {
        advanceEpoch();
        takeOver.atTick();
    }

    /** An internal failure: logged once, recording stops, the application goes on. */
    void internalError(String where, Throwable t) {
        health.internalError(where, t);
    }

    /**
     * Ends the recording: every thread hands over its buffer (busy ones are waited for, then taken
     * over), the writer drains, and the metadata records a clean end with the counts. Idempotent;
     * also run by a JVM shutdown hook.
     */
    @Override
    public void close() {
        if (!closed.compareAndSet(false, true)) {
            return;
        }
        try {
            if (Thread.currentThread() != shutdownHook) {
                Runtime.getRuntime().removeShutdownHook(shutdownHook);
            }
        } catch (IllegalStateException alreadyShuttingDown) {
            // the hook is running or about to
        }
        closing = true;
        advanceEpoch();
        takeOver.allAtClose();
        writeFinalGap();
        writer.requestStop();
        try {
            writer.join(TimeUnit.SECONDS.toMillis(30));
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        finish();
        jmx.unregister();
        closedAtExit.countDown();
    }

    /** Drops not yet written as a gap (threads that never got a buffer again) go in one last gap. */
    private void writeFinalGap() {
        long unwritten = dropped.sum() - gapsWritten.sum();
        if (unwritten <= 0) {
            return;
        }
        EventBuffer b = new EventBuffer(128, settings.encoding());
        b.subtraceStart(RECORDER_ACTOR, 0);
        b.gap(unwritten);
        gapsWritten.add(unwritten);
        writer.full.offer(new WriterThread.Full(0, 0, b, b.size(), 0, false)); // thread id 0: the recorder's own
    }

    private void finish() {
        RecorderStatistics s = statistics();
        Map<String, Long> counts = new HashMap<>();
        counts.put("events", s.events());
        counts.put("droppedEvents", s.droppedEvents());
        counts.put("droppedData", s.droppedData());
        counts.put("threads", (long) threads.count());
        counts.put("blockedMillis", TimeUnit.NANOSECONDS.toMillis(s.blockedNanos()));
        extraCounts.forEach((key, value) -> counts.put(key, value.sum()));
        counts.putAll(health.counts());
        try {
            if (writer.failed() || (degraded && health.notRecorded() == null)) {
                trace.close(); // the metadata keeps saying "not clean"
            } else {
                trace.finish(counts, health.notRecorded());
            }
        } catch (IOException e) {
            internalError("finishing the trace", e);
        }
    }

    /** Statistics so far. */
    public RecorderStatistics statistics() {
        long events = threads.events();
        return new RecorderStatistics(
                events,
                writer.eventBytes,
                writer.buffersWritten,
                blockedNanos.sum(),
                dropped.sum(),
                writer.dataEntries,
                writer.dataBytes,
                dataIntake.dropped(),
                threads.count(),
                degraded);
    }

    /** True after an internal failure stopped the recording. */
    public boolean degraded() {
        return degraded;
    }

    /** For tests: make the writer slower than the application. */
    void slowWriterDown(long nanosPerChunk) {
        writer.delayPerChunkNanos = nanosPerChunk;
    }

    /** Registers the recorder's JMX bean ({@code dev.reprise:type=Recorder}); JMX failures are ignored. */
    public void registerMBean() {
        jmx.register();
    }
}
