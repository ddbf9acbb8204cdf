package dev.reprise.tide.trace;

import com.oracle.truffle.api.CompilerDirectives.TruffleBoundary;
import dev.reprise.replay.ActorScript;
import dev.reprise.replay.EventWords;
import dev.reprise.tide.language.TideContext;
import dev.reprise.tide.language.TideError;
import dev.reprise.tide.runtime.Actor;
import dev.reprise.tide.runtime.Mailbox;
import dev.reprise.tide.runtime.Resolver;
import dev.reprise.tide.runtime.Turn;
import dev.reprise.trace.CreationKind;
import dev.reprise.trace.DataFileReader;
import dev.reprise.trace.TraceEvent;
import dev.reprise.trace.TraceFiles;
import dev.reprise.trace.TraceIds;
import dev.reprise.trace.TraceIndex;
import dev.reprise.trace.TraceMetadata;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.BooleanSupplier;

/**
 * A replayed context: its runs of the program, in turn. Each actor gets the recorded events of its
 * id ({@link ActorScript}, read with the agent replay's {@link TraceIndex}, which reads an actor's
 * chunks as it needs them and knows where its events end, so memory follows the actors in
 * flight, not the trace); its mailbox gives out messages in that order. A creation
 * takes the creator's next event, so the parent's n-th child gets the recorded id whatever order
 * actors are created in. System calls return the recorded results from the data file. Whatever
 * the trace cannot explain ends the run with a {@link TideDivergence} report. Timers fire at once:
 * what their firing sends waits in its owners' mailboxes for its recorded turn. A turn's error
 * that ended the recording ends the replay at the same place, once every other actor has replayed
 * what it recorded.
 */
final class Replaying extends TraceMode {
    /** How often the replay looks whether it still makes progress. */
    private static final long LOOK_MILLIS = 250;
    /** How often it looks whether the others have caught up with a recorded error. */
    private static final long CATCH_UP_LOOK_MILLIS = 10;

    /** The metadata setting that says the trace numbers printed lines (a print is a system call). */
    static final String PRINTS = "tide.prints";

    static final String PRINTS_NUMBERED = "numbered";
    /**
     * The metadata setting that says each printed line's start is recorded too, and each callback
     * run out of registration order has its offset recorded before it ({@code TideReplayMailbox}).
     */
    static final String CALLBACKS = "tide.callbacks";

    static final String CALLBACKS_NUMBERED = "numbered";

    private final Path directory;
    private final RecordedOutputOrder output;
    private final TraceIndex reader;
    private final DataFileReader data;
    private final Map<Long, TideReplayMailbox> mailboxes = new ConcurrentHashMap<>();
    private final Map<Long, String> names = new ConcurrentHashMap<>();
    /** The highest actor id of the runs so far: the next run's main actor follows it. */
    private final AtomicLong lastActorId = new AtomicLong(MAIN_ACTOR - 1);

    private final AtomicLong progress = new AtomicLong();
    /** The recording did not end cleanly (its JVM was killed): running out of events is its end, not a divergence. */
    private final boolean cutShort;
    /**
     * The actor whose turn's error ended the recording, or -1. Its run stopped at the error: the
     * messages it had not processed by then are beyond their actors' recorded events.
     */
    private final long failedActor;
    /** That actor's error, raised again by the replay: it ends the run once the others have caught up. */
    private volatile TideError failure;
    /** Runs replayed to their recorded end ({@link #ended()}), and whether the last one did (no run is half done). */
    private int runsEnded;

    private volatile boolean lastRunEnded;

    private Replaying(
            TideContext context,
            Path directory,
            TraceIndex reader,
            DataFileReader data,
            boolean cutShort,
            long failedActor) {
        super(context);
        this.directory = directory;
        this.reader = reader;
        this.data = data;
        this.cutShort = cutShort;
        this.failedActor = failedActor;
        this.output = new RecordedOutputOrder(context);
    }

    /**
     * Opens the trace in {@code dir} to replay {@code program}; one-line errors for what is not its
     * trace. {@code allowChanged}: a program whose source text changed since the recording replays
     * too (to see where it goes another way).
     */
    static Replaying open(TideContext context, Path dir, RecordedProgram program, boolean allowChanged) {
        if (!Files.isDirectory(dir)) {
            throw new TideError("cannot replay: " + dir + " is not a directory");
        }
        if (!Files.exists(TraceFiles.metadata(dir))) {
            throw new TideError("cannot replay: " + dir + " holds no trace (no " + TraceFiles.METADATA + ")");
        }
        TraceMetadata metadata;
        try {
            metadata = TraceMetadata.read(dir);
        } catch (IOException | RuntimeException e) {
            throw new TideError("cannot replay: " + TraceFiles.metadata(dir) + " is unreadable: " + e.getMessage());
        }
        if (!"tide".equals(metadata.settings().get("language"))) {
            throw new TideError("cannot replay: " + dir + " is not a trace of a Tide program (it records "
                    + metadata.program() + ")");
        }
        if (!PRINTS_NUMBERED.equals(metadata.settings().get(PRINTS))) {
            throw new TideError(
                    "cannot replay: " + dir + " was recorded by an earlier Tide, which did not record the order "
                            + "of printed lines; record the program again");
        }
        if (!CALLBACKS_NUMBERED.equals(metadata.settings().get(CALLBACKS))) {
            throw new TideError(
                    "cannot replay: " + dir + " was recorded by an earlier Tide, which did not record which "
                            + "callback ran when two had the same sender and resolver, nor the printed lines; record the program again");
        }
        String mismatch = program.mismatch(dir, metadata, allowChanged);
        if (mismatch != null) {
            throw new TideError("cannot replay: " + mismatch);
        }
        Long failed = metadata.counts().get(TraceMetadata.ENDED_PREFIX + TraceMetadata.ACTOR_ERROR);
        TraceIndex reader = null;
        try {
            reader = TraceIndex.open(dir);
            return new Replaying(
                    context,
                    dir,
                    reader,
                    DataFileReader.open(TraceFiles.data(dir)),
                    !metadata.cleanEnd(),
                    failed == null ? -1 : failed);
        } catch (IOException | RuntimeException e) {
            closeQuietly(reader);
            throw new TideError("cannot replay: the trace in " + dir + " is unreadable: " + e.getMessage());
        }
    }

    @Override
    public int newActorId(Actor creator) {
        if (creator == null) {
            // Runs of a context are one after another, each ending with all its actors' events
            // replayed; a recorded run's main actor came right after the previous runs' actors.
            lastRunEnded = false;
            failure = null;
            return Math.toIntExact(lastActorId.get() + 1);
        }
        return Math.toIntExact(takeCreation(creator, CreationKind.ACTOR, "it created an actor"));
    }

    /** The timer's recorded id: the owner's next event is its creation. */
    @Override
    public long newTimerId(Actor owner) {
        long id = takeCreation(owner, CreationKind.TIMER, "it set a timer");
        names.put(id, "timer " + id + " (set by " + name(owner.id()) + ")");
        lastActorId.accumulateAndGet(id, Math::max);
        return id;
    }

    /** A timer fires at once: its owners' mailboxes hold what it sends until the recorded turn. */
    @Override
    public long timerDelay(long millis) {
        return 0;
    }

    // The creator's next event must be a creation of that kind: returns the recorded child's id.
    private long takeCreation(Actor creator, CreationKind kind, String what) {
        ActorScript script = mailboxes.get((long) creator.id()).script();
        TraceEvent next = script.peek();
        if (!(next instanceof TraceEvent.Creation creation) || creation.kind() != kind) {
            throw beyondOrDiverged(
                    creator.id(),
                    next,
                    what + " where the trace expects " + expected(creator.id(), next) + " as its event "
                            + (script.consumed() + 1));
        }
        script.take();
        progressed();
        return creation.child();
    }

    @Override
    public boolean tracesCallbacks() {
        return true;
    }

    @Override
    public Mailbox mailbox(Actor actor) {
        int id = actor.id();
        names.put((long) id, actor.description());
        lastActorId.accumulateAndGet(id, Math::max);
        TideReplayMailbox mailbox = new TideReplayMailbox(this, actor, ActorScript.of(id, reader.actor(id)));
        mailboxes.put((long) id, mailbox);
        return mailbox;
    }

    /**
     * Reports when the replay cannot go on: nothing runs and nothing was replayed across two
     * looks {@link #LOOK_MILLIS} apart (every actor waits for a message that does not come). A
     * worker inside a turn is not stuck, however long the turn computes: it may do in replay what
     * took as long in the recording. Ends the run with a recorded error once every actor has
     * replayed its recorded events ({@link #turnFailed}).
     */
    @Override
    public Throwable awaitEnd(CountDownLatch finished, BooleanSupplier quiescent) throws InterruptedException {
        long seen = progress.get();
        long since = System.nanoTime();
        boolean stillBefore = false;
        while (!finished.await(failure == null ? LOOK_MILLIS : CATCH_UP_LOOK_MILLIS, TimeUnit.MILLISECONDS)) {
            if (failure != null && caughtUp()) {
                return failure;
            }
            long now = progress.get();
            if (now != seen) {
                seen = now;
                since = System.nanoTime();
                stillBefore = false;
                continue;
            }
            boolean still = quiescent.getAsBoolean();
            if (still && stillBefore) {
                return cutShort
                        ? recordingEnds()
                        : stuck("nothing runs, and nothing recorded was replayed for "
                                + (System.nanoTime() - since) / 1_000_000 + " ms");
            }
            stillBefore = still;
        }
        if (failure == null) {
            return null;
        }
        TideDivergence left = eventsLeft(); // every message was processed, but not every recorded event
        return left != null ? left : failure;
    }

    /**
     * The turn raised an error: the actor's next event must be the recorded error, the same one.
     * The error that ended the recording then waits until every actor has replayed its recorded
     * events (the others' turns that ran before the run stopped), so the replay prints what the
     * recording printed, then ends with it. Another actor's error (one that came after it in the
     * recording) only stops that actor.
     */
    @Override
    public Throwable turnFailed(Turn turn, TideError error, boolean first) {
        long actor = turn.actor().id();
        ActorScript script = mailboxes.get(actor).script();
        TraceEvent next = script.peek();
        byte[] value = next instanceof TraceEvent.SystemCall call ? data(actor, call.dataId()) : null;
        String raised = SystemValues.printed(error.atLineAndColumn());
        if (!SystemValues.isError(value)) {
            return beyondOrDiverged(
                    actor,
                    next,
                    "its turn raised the error \"" + raised + "\" where the trace expects " + expected(actor, next)
                            + " as its event " + (script.consumed() + 1));
        }
        script.take();
        progressed();
        String recorded = SystemValues.toError(value);
        if (!recorded.equals(raised)) {
            return diverged(
                    actor,
                    "its turn raised the error \"" + raised + "\" where the recording's raised \"" + recorded + "\"");
        }
        if (actor == failedActor || (failedActor < 0 && failure == null)) {
            failure = error;
        }
        return null;
    }

    /** Whether a recording that a turn's error ended holds no more events for actors that run on. */
    boolean endedByError() {
        return failedActor >= 0;
    }

    // Every actor of the run has replayed its recorded events, and every printed line is out.
    private boolean caughtUp() {
        for (TideReplayMailbox mailbox : mailboxes.values()) {
            if (!mailbox.script().finished()) {
                return false;
            }
        }
        return output.held() == null;
    }

    @Override
    public void ended() {
        TideDivergence left = eventsLeft();
        if (left != null) {
            throw left;
        }
        // The run's actors are done, and the next run cannot reach them: keep nothing of them.
        mailboxes.keySet().forEach(reader::forget);
        mailboxes.keySet().forEach(data::forget);
        mailboxes.clear();
        names.clear();
        runsEnded++;
        lastRunEnded = true;
    }

    // The program ended: the first actor whose recorded events were not all replayed, or a printed line still held.
    private TideDivergence eventsLeft() {
        for (Map.Entry<Long, TideReplayMailbox> e : new TreeMap<>(mailboxes).entrySet()) {
            ActorScript script = e.getValue().script();
            if (!script.finished()) {
                return diverged(
                        e.getKey(),
                        "the program ended, but the trace expects " + expected(e.getKey(), script.peek())
                                + " as its event " + (script.consumed() + 1));
            }
        }
        String held = output.held(); // every print was replayed, so none should wait: never end with output unshown
        return held == null
                ? null
                : new TideDivergence(
                        TideDivergence.HEADER + ": the program ended, but " + held + ".\n  trace: " + directory);
    }

    /**
     * Says when every run ended as recorded but the trace holds actors none of them created: the
     * recording ran the program more times in its context than this replay did, and those runs
     * were not replayed. (A run that stopped early has already said where.)
     */
    @Override
    public void close() {
        try {
            if (lastRunEnded) {
                String left = runsLeft();
                if (left != null) {
                    context.warn(left);
                }
            }
        } finally {
            closeQuietly(reader);
            closeQuietly(data);
        }
    }

    private String runsLeft() {
        long last = lastActorId.get();
        List<Long> left = reader.actors().stream()
                .filter(id -> id > last && id < TraceIds.FIRST_EXTERNAL_SOURCE)
                .sorted()
                .toList();
        if (left.isEmpty()) {
            return null;
        }
        return "warning: the replay ran " + runsEnded + " run(s) of the program, each as recorded, but the recording "
                + "ran it further: " + left.size() + " recorded actor(s) (ids " + left.get(0) + " to "
                + left.get(left.size() - 1)
                + ") were never created, so their turns were not replayed. Trace: " + directory;
    }

    @Override
    @TruffleBoundary
    public long time(Actor actor) {
        return SystemValues.toLong(recorded(actor, "time()", 8, 8));
    }

    @Override
    @TruffleBoundary
    public long random(Actor actor, long bound) {
        return SystemValues.toLong(recorded(actor, "random(" + bound + ")", 8, 8));
    }

    @Override
    @TruffleBoundary
    public long print(Actor actor, String line) {
        byte[] recorded = recorded(actor, "print", 8, Integer.MAX_VALUE);
        long number = SystemValues.printNumber(recorded);
        String text = SystemValues.printedText(recorded);
        if (!text.equals(SystemValues.printed(line))) {
            // The message order was kept, yet the program printed something else: never show it as the recording's.
            throw diverged(
                    actor.id(),
                    "it printed \"" + SystemValues.printed(line) + "\" as line " + number
                            + " of the output, where the recording printed \"" + text + "\"");
        }
        output.print(number, line);
        return number;
    }

    @Override
    @TruffleBoundary
    public String readLine(Actor actor) {
        return SystemValues.toLine(recorded(actor, "readLine()", 1, Integer.MAX_VALUE));
    }

    @Override
    @TruffleBoundary
    public boolean resolve(Actor actor, Resolver resolver, Object value) {
        boolean won = SystemValues.toBoolean(recorded(actor, "resolve", 1, 1));
        if (won && !resolver.resolve(value, actor)) {
            throw diverged(
                    actor.id(), "its resolve won the race in the recording, but the promise is already resolved");
        }
        return won;
    }

    /** The recorded result of {@code actor}'s next system call, {@code call}. */
    // The recorded value of the call, whose size must fit its kind: a changed program may make another
    // system call where the recording made this one.
    private byte[] recorded(Actor actor, String call, int minBytes, int maxBytes) {
        ActorScript script = mailboxes.get((long) actor.id()).script();
        TraceEvent next = script.peek();
        byte[] value = next instanceof TraceEvent.SystemCall systemCall ? data(actor.id(), systemCall.dataId()) : null;
        if (!(next instanceof TraceEvent.SystemCall) || SystemValues.isError(value)) {
            throw beyondOrDiverged(
                    actor.id(),
                    next,
                    "it called " + call + " where the trace expects " + expected(actor.id(), next) + " as its event "
                            + (script.consumed() + 1));
        }
        script.take();
        progressed();
        if (value == null) {
            throw cutShort
                    ? recordingEnds()
                    : diverged(
                            actor.id(),
                            "it called " + call + ", whose recorded value is missing "
                                    + "from the data file (dropped at the recording's memory bound, or in a damaged part of the file)");
        }
        if (value.length < minBytes || value.length > maxBytes) {
            throw diverged(
                    actor.id(),
                    "it called " + call + " where the recording made another system call (its value has " + value.length
                            + " bytes)");
        }
        return value;
    }

    /** The recorded value of {@code actor}'s system call {@code dataId}. */
    byte[] data(long actor, long dataId) {
        try {
            return data.read(actor, dataId);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    void progressed() {
        progress.incrementAndGet();
    }

    String describe(TraceEvent event) {
        return EventWords.describe(event, this::name);
    }

    /** {@code actor}'s next event {@code next} in words: a recorded error says so, with its message. */
    String expected(long actor, TraceEvent next) {
        if (next instanceof TraceEvent.SystemCall call) {
            byte[] value = data(actor, call.dataId());
            if (SystemValues.isError(value)) {
                return "the error \"" + SystemValues.toError(value) + "\" that its turn raised in the recording";
            }
        }
        return describe(next);
    }

    String name(long id) {
        if (id == 0) {
            return "nobody (the program's start)";
        }
        return names.getOrDefault(id, "actor " + id);
    }

    /**
     * The actor did {@code what} where its script holds {@code next}: past the end of a recording
     * cut short ({@code next} null), the replay has gone as far as the trace goes; else a divergence.
     */
    TideDivergence beyondOrDiverged(long actor, TraceEvent next, String what) {
        return next == null && cutShort ? recordingEnds() : diverged(actor, what);
    }

    /** Ends the replay at the end of a recording cut short, as the agent's replay does. */
    private TideDivergence recordingEnds() {
        List<String> lines = new ArrayList<>();
        lines.add(TideDivergence.CUT_HEADER + " (it did not end cleanly: the JVM was killed or "
                + "crashed): replayed " + progress.get() + " recorded events; what it recorded after its last flush "
                + "is lost.");
        addHeldOutput(lines);
        lines.add("  The replay stops with exit code " + TideDivergence.CUT_EXIT_STATUS
                + " (the end of a truncated recording).");
        lines.add("  trace: " + directory);
        return new TideDivergence(String.join("\n", lines));
    }

    /** Ends the replay: {@code what} happened in {@code actor}'s turn, which the trace cannot explain. */
    TideDivergence diverged(long actor, String what) {
        List<String> lines = new ArrayList<>();
        lines.add(TideDivergence.HEADER + ": the program did something its trace cannot explain.");
        lines.add("  first difference: " + name(actor) + ": " + what);
        lines.add("    likely cause: the program, its input or its configuration changed since the recording");
        actorLines(lines, actor);
        addHeldOutput(lines);
        lines.add("  trace: " + directory);
        return new TideDivergence(String.join("\n", lines));
    }

    /** No progress for the quiet time: the first actor that waits for a message that has not come. */
    private TideDivergence stuck(String why) {
        List<String> lines = new ArrayList<>();
        lines.add(TideDivergence.HEADER + ": no actor can make progress: " + why
                + " while the trace still expects events.");
        List<Long> waiting = new ArrayList<>();
        new TreeMap<>(mailboxes).forEach((id, mailbox) -> {
            if (mailbox.waiting()) {
                waiting.add(id);
            }
        });
        if (!waiting.isEmpty()) {
            long first = waiting.get(0);
            ActorScript script = mailboxes.get(first).script();
            lines.add("  first difference: " + name(first) + " waits for " + describe(script.peek()) + " as its event "
                    + (script.consumed() + 1) + ", which has not come");
            lines.add(
                    "    likely cause: the program went another way than recorded (a message not sent, or sent elsewhere)");
            actorLines(lines, first);
            if (waiting.size() > 1) {
                lines.add("  " + (waiting.size() - 1) + " more actors wait for a message");
            }
        }
        addHeldOutput(lines);
        lines.add("  trace: " + directory);
        return new TideDivergence(String.join("\n", lines));
    }

    /** Adds the report's line on printed lines that wait for one the replay did not print, if any do. */
    private void addHeldOutput(List<String> lines) {
        String held = output.held();
        if (held != null) {
            lines.add("  " + held);
        }
    }

    private void actorLines(List<String> lines, long actor) {
        TideReplayMailbox mailbox = mailboxes.get(actor);
        if (mailbox == null) {
            return;
        }
        ActorScript script = mailbox.script();
        lines.add("  actor: " + name(actor) + ", " + script.consumed() + " recorded events replayed");
        lines.add("    expected next: " + describe(script.peek()));
        List<String> held;
        synchronized (mailbox) {
            held = mailbox.heldLines();
        }
        lines.add(held.isEmpty() ? "    in its mailbox: nothing" : "    in its mailbox:");
        held.forEach(line -> lines.add("      " + line));
        List<TraceEvent> history = script.history();
        if (!history.isEmpty()) {
            lines.add("    its last events:");
            history.subList(Math.max(0, history.size() - 3), history.size())
                    .forEach(e -> lines.add("      " + describe(e)));
        }
    }

    private static void closeQuietly(AutoCloseable closeable) {
        try {
            if (closeable != null) {
                closeable.close();
            }
        } catch (Exception e) {
            // the run is over; nothing is left to lose
        }
    }
}
