package dev.reprise.replay;

import dev.reprise.trace.ClassCodes;
import dev.reprise.trace.CreationKind;
import dev.reprise.trace.DataFileReader;
import dev.reprise.trace.EventTally;
import dev.reprise.trace.ExitCodes;
import dev.reprise.trace.Fingerprint;
import dev.reprise.trace.SourceNames;
import dev.reprise.trace.TraceEvent;
import dev.reprise.trace.TraceFiles;
import dev.reprise.trace.TraceIds;
import dev.reprise.trace.TraceIndex;
import dev.reprise.trace.TraceMetadata;
import dev.reprise.trace.TraceProblem;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.LongAdder;

/**
 * A replay in progress: the trace, each actor's script, the counters for the summary, and the
 * divergence reports. One per JVM, opened by the agent in replay mode.
 */
public final class Replay implements AutoCloseable {

    private static volatile Replay current;

    final Path directory;
    final ReplaySupport support;
    final Duration quiet;
    /** Past the end of its recorded events an actor goes on live (processes messages in arrival order). */
    final boolean liveAfterEnd;
    private final TraceIndex reader;
    private final DataFileReader data;
    private final TraceMetadata metadata;
    /** The recorded outside sources by name: as many as the recording named, read once. */
    private final SourceNames sources;
    /**
     * The recording was cut off (killed or crashed; no damage inside): each actor stops where its
     * recorded events end, and the replay ends once none can go further ({@link RecordingEnd}).
     */
    final boolean cut;
    private final Map<Long, ActorScript> scripts = new ConcurrentHashMap<>();
    /**
     * Actors that stopped after consuming all their events: their scripts are dropped, so a program
     * that creates millions of short-lived actors replays in the memory of the live ones (one bit
     * per retired actor).
     */
    private final RetiredIds retired = new RetiredIds();
    /** Every actor's replay mailbox, for the watchdog and the reports. */
    final Set<ReplayMailbox> queues = ConcurrentHashMap.newKeySet();
    /** The events the replayed program consumed, counted as {@code reprise stats} counts the trace. */
    final EventTally replayed = new EventTally();
    final LongAdder liveInputs = new LongAdder();
    /** The recorded turns running now, for the watchdog. */
    final RunningTurns turns = new RunningTurns();
    /** Reports show everything (every actor, message group and frame), not a screenful. */
    final boolean verbose;
    private final AtomicBoolean stopping = new AtomicBoolean();
    /** Stop the JVM on a divergence (the agent), or keep the report for a test to fail with. */
    private final boolean haltOnDivergence;
    private volatile String divergence;
    /** The signal that stopped the program (SIGINT, SIGTERM), or null: the user ended the replay early. */
    private volatile String stoppedBy;
    private volatile boolean fingerprintsChecked = true;

    private Replay(Path directory, ReplaySupport support, Duration quiet, boolean liveAfterEnd, boolean verbose,
                   TraceIndex reader, DataFileReader data, TraceMetadata metadata, boolean haltOnDivergence) {
        this.liveAfterEnd = liveAfterEnd;
        this.verbose = verbose;
        this.haltOnDivergence = haltOnDivergence;
        this.directory = directory;
        this.support = support;
        this.quiet = quiet;
        this.reader = reader;
        this.data = data;
        this.metadata = metadata;
        this.sources = SourceNames.read(metadata, data);
        this.cut = !metadata.cleanEnd()
                && reader.problems().stream().allMatch(p -> p.kind() == TraceProblem.Kind.TRUNCATED);
    }

    /**
     * Opens the trace in {@code directory} for replay.
     *
     * @param quiet how long no actor may make progress, while some waits for a recorded message, before the replay
     *     reports a divergence
     * @param liveAfterEnd whether actors go on live past the end of their recorded events (else they stop there, and
     *     the program sees exactly what was recorded)
     * @param verbose reports show everything (every waiting actor, message group, event and frame), not a screenful
     * @param haltOnDivergence stop the JVM on a divergence (the agent), or keep the report (a test)
     * @throws IOException naming the file and problem when the trace cannot be read
     */
    public static synchronized Replay open(Path directory, ReplaySupport support, Duration quiet, boolean liveAfterEnd,
                              boolean verbose, boolean haltOnDivergence) throws IOException {
        if (current != null) {
            throw new IllegalStateException("a replay of " + current.directory + " is already running in this JVM; "
                    + "a JVM replays one trace (run replay tests in a fresh JVM each)");
        }
        TraceMetadata metadata = TraceMetadata.read(directory);
        TraceIndex reader = TraceIndex.open(directory);
        DataFileReader data = DataFileReader.open(TraceFiles.data(directory));
        Replay r = new Replay(directory, support, quiet, liveAfterEnd, verbose, reader, data, metadata,
                haltOnDivergence);
        current = r;
        new Watchdog(r).start();
        return r;
    }

    /**
     * Whether the recorded fingerprints are checked (on by default); off, a program changed on
     * purpose (a message class renamed) replays as far as its message order allows.
     */
    public void checkFingerprints(boolean on) {
        fingerprintsChecked = on;
    }

    /** Whether the recorded fingerprints are checked ({@link #checkFingerprints}). */
    public boolean checksFingerprints() {
        return fingerprintsChecked;
    }

    /** The replay in progress, or null. */
    public static Replay current() {
        return current;
    }

    /** The trace being replayed. */
    public Path directory() {
        return directory;
    }

    public TraceMetadata metadata() {
        return metadata;
    }

    /** The script of actor {@code id} (empty if the trace has no events for it). */
    public ActorScript script(long id) {
        ActorScript s = scripts.get(id);
        if (s != null) {
            return s;
        }
        if (isRetired(id)) {
            return ActorScript.retired(id);
        }
        return scripts.computeIfAbsent(id, a -> new ActorScript(a, reader.actor(a)));
    }

    /** Actor {@code id} has stopped: once all its events are consumed, its script is no longer kept. */
    public void stopped(long id) {
        ActorScript s = scripts.get(id);
        if (s == null || !s.finished() || s.missingSubtrace() >= 0) {
            return; // unfinished scripts stay, for the end-of-replay check and its report
        }
        retired.add(id);
        scripts.remove(id);
        reader.forget(id);
        support.forget(id);
    }

    private boolean isRetired(long id) {
        return retired.contains(id);
    }

    /** The recorded id of outside source {@code name}, or -1 if the recording never used it. */
    public long sourceId(String name) {
        long id = sources.id(name);
        return id > 0 ? id : -1;
    }

    /** The recorded outside sources: name to id. */
    public Map<String, Long> sources() {
        return sources.all();
    }

    /** Id to name of the recorded outside sources, made when a report first needs it. */
    private volatile Map<Long, String> sourceNames;

    /** The recorded name of outside source {@code id} (for reports), or null if the trace names no source so. */
    public String sourceName(long id) {
        Map<Long, String> names = sourceNames;
        if (names == null) {
            Map<Long, String> made = new java.util.HashMap<>();
            sources.all().forEach((name, sourceId) -> made.putIfAbsent(sourceId, name));
            sourceNames = names = made;
        }
        return names.get(id);
    }

    /**
     * Past the end of what {@code id} recorded: a creation or system call in the actor's last turn
     * goes live; the actor then processes no more messages (unless the replay goes on live). But
     * when events are missing there, or the whole trace is damaged, that end is not the
     * recording's, and the replay stops with a report. In a recording cut off by a crash the actor simply stops there
     * (it processes no more messages; a creation or system call in its last turn goes live).
     */
    public boolean pastTheEnd(long id) {
        ActorScript s = script(id);
        if (s.peek() != null) {
            return false;
        }
        if (cut) {
            return true;
        }
        if (s.missingSubtrace() >= 0) {
            throw diverged(id, "its recorded events end at a gap (dropped or damaged events): the replay cannot go past it");
        }
        String incomplete = incompleteTrace();
        if (incomplete != null) {
            throw diverged(id, "its recorded events end where the trace is incomplete (" + incomplete
                    + "): the replay cannot go further");
        }
        return true;
    }

    /**
     * Whether {@code actor} goes on live now: the replay goes on live past the end of the recording
     * ({@code end=live}) and the actor has used up its recorded events (its timers then run live).
     */
    public boolean goesOnLive(long actor) {
        return liveAfterEnd && script(actor).finished();
    }

    /**
     * Whether timer {@code id}, an ask's timeout, completed its ask in the recording (its one event,
     * a system call): takes that event if it is next. The timer's script is not kept afterwards.
     */
    public boolean firedInRecording(long id) {
        ActorScript s = script(id);
        boolean fired = s.peek() instanceof TraceEvent.SystemCall;
        if (fired) {
            replayed.add(s.take());
        }
        stopped(id);
        return fired;
    }

    /** Whether actor {@code id} has used up its recorded events (nothing more can come from it in a cut recording). */
    public boolean scriptEnded(long id) {
        return script(id).finished();
    }

    /** Why the trace may end before the recording did (damage, or no clean end), or null. */
    public String incompleteTrace() {
        if (!reader.problems().isEmpty()) {
            return reader.problems().get(0).toString();
        }
        return metadata.cleanEnd() ? null : "the recording did not end cleanly";
    }

    /**
     * {@code creator} creates something: the id it had in the recording, or -1 past the end of
     * the creator's recorded events (the replay then goes on live).
     */
    public long expectCreation(long creator, CreationKind kind, Class<?> actorClass) {
        if (pastTheEnd(creator)) {
            return -1;
        }
        ActorScript s = script(creator);
        TraceEvent e = s.peek();
        if (!(e instanceof TraceEvent.Creation c) || c.kind() != kind) {
            throw diverged(creator, "its event " + (s.consumed() + 1) + ": it " + (kind == CreationKind.PROMISE
                    ? "completed a promise" : "created " + kind.withArticle()) + ", but the trace expects " + describe(e));
        }
        replayed.add(s.take());
        int recordedClass = Fingerprint.classCodeOf(s.takenFingerprint());
        if (actorClass != null && recordedClass != 0 && recordedClass != ClassCodes.ofClass(actorClass)) {
            throw diverged(creator, FirstDifference.creationClass(describe(c), s.consumed(), recordedClass, actorClass));
        }
        return c.child();
    }

    /** {@link #nextCompletion}: the recording's attempt here lost to another completer. */
    public static final long LOST = -1;
    /** {@link #nextCompletion}: past the end of the creator's recorded events (the replay goes on live). */
    public static final long LIVE = 0;

    /**
     * {@code creator} tries to complete a promise that is not completed yet: the id of the
     * completion its recording made here (a promise creation comes next; it is taken when the
     * attempt completes the promise), {@link #LIVE} past the end of its recorded events, or
     * {@link #LOST} where the recording found the promise completed by someone else first (the
     * replay must then let that completer win).
     */
    public long nextCompletion(long creator) {
        if (pastTheEnd(creator)) {
            return LIVE;
        }
        return script(creator).peek() instanceof TraceEvent.Creation c && c.kind() == CreationKind.PROMISE ? c.child() : LOST;
    }

    /**
     * {@code actor} makes a nondeterministic call: the result it had in the recording, or null
     * past the end of its recorded events (the real call is made).
     */
    public byte[] expectSystemCall(long actor, String call) {
        if (pastTheEnd(actor)) {
            return null;
        }
        TraceEvent e = script(actor).peek();
        if (!(e instanceof TraceEvent.SystemCall sc)) {
            throw diverged(actor, "it called " + call + ", but the trace expects " + describe(e));
        }
        replayed.add(script(actor).take());
        byte[] value = read(actor, sc.dataId());
        if (value == null) {
            throw diverged(actor, "the result of " + call + " (data " + sc.dataId() + ") is missing from the trace");
        }
        return value;
    }

    public byte[] read(long owner, long dataId) {
        try {
            return data.read(owner, dataId);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /**
     * A turn of {@code actor} that processed a message of its recorded events is over, having sent
     * {@code sends} messages; its message's recorded fingerprint was {@code recorded}. When
     * fingerprints are checked, a different number of sends than recorded stops the replay. Creations and
     * system calls happen only inside turns, so one that is still the actor's next event was made
     * by this turn when recorded: the program now does less here than it did.
     */
    public void turnOver(long actor, byte recorded, int sends) {
        turnOver(script(actor), recorded, sends);
    }

    /** {@link #turnOver(long, byte, int)} for the actor of script {@code s}. */
    public void turnOver(ActorScript s, byte recorded, int sends) {
        long actor = s.actor();
        boolean check = fingerprintsChecked;
        TraceEvent next = s.peek();
        if (next instanceof TraceEvent.TurnSends t) {
            s.take(); // the count the fingerprint could not hold
            if (check && t.sends() != sends) {
                diverged(actor, FirstDifference.sends(describe(s.lastMessage()), s.lastMessageNumber(), t.sends(), sends));
                return;
            }
            next = s.peek();
        } else if (check && !Fingerprint.sendsMatch(recorded, sends)) {
            diverged(actor, FirstDifference.sendsModulo(describe(s.lastMessage()), s.lastMessageNumber(), recorded, sends));
            return;
        }
        if (next instanceof TraceEvent.Creation || next instanceof TraceEvent.SystemCall) {
            diverged(actor, "its turn ended without its event " + (s.consumed() + 1) + " (" + next.describe()
                    + "), which the recording made in that turn. The program creates or calls less here than it did.");
        }
    }

    /** The turn has ended. */
    public void turnEnded() {
        turns.end();
    }

    /**
     * How far the replay has gone through the trace: the events consumed. Live turns (actors past
     * their end, actors that are not recorded, their timers) do not move it, so they cannot hide a
     * replay that no longer follows its trace.
     */
    long traceProgress() {
        return replayed.messages() + replayed.systemCalls() + replayed.systemMessageTurns() + replayed.creations();
    }

    /** A recorded event in a report's words, with names for the ids it mentions. */
    public String describe(TraceEvent e) {
        return EventWords.describe(e, support::describe);
    }

    /**
     * Stops the replay: prints the report and exits with {@link ExitCodes#DIVERGED}. Returns the exception
     * to throw from the thread that found the divergence, so the program's code goes no further.
     */
    public ReplayDivergence diverged(long actor, String what) {
        String report = DivergenceReport.of(this, actor, what);
        stop(report);
        return new ReplayDivergence(report);
    }

    void stop(String report) {
        stop(report, ExitCodes.DIVERGED);
    }

    /**
     * The replay reached the end of a cut recording: prints how far it went and stops with
     * {@link ExitCodes#RECORDING_ENDED}, since live actors could otherwise go on forever past it.
     */
    void recordingEnded() {
        stop(RecordingEnd.report(this), ExitCodes.RECORDING_ENDED);
    }

    private void stop(String report, int exitCode) {
        if (!stopping.compareAndSet(false, true)) {
            return;
        }
        if (exitCode == ExitCodes.DIVERGED) {
            divergence = report;
        }
        System.err.println(report);
        System.err.flush();
        if (!haltOnDivergence) {
            return;
        }
        Thread exit = new Thread(() -> {
            Runtime.getRuntime().halt(exitCode); // hooks of the replayed program could wait on the stuck actors
        }, "reprise-replay-stop");
        exit.setDaemon(true);
        exit.start();
    }

    /** A mailbox took {@code taken}, its actor's next recorded message or system message: the actor's turn with it begins. */
    public void turnBegins(long actor, TraceEvent taken) {
        replayed.add(taken);
        turns.begin(actor);
    }

    /** A live outside input is held back in a mailbox (it is replaced by the recorded one), or let go. */
    public void liveInputHeld(boolean held) {
        if (held) {
            liveInputs.increment();
        } else {
            liveInputs.decrement();
        }
    }

    /** Whether the recording was cut short (its JVM killed): the trace ends without a clean end. */
    public boolean recordingCut() {
        return cut;
    }

    /** Whether actors go on live past the end of their recorded events ({@code end=live}). */
    public boolean liveAfterEnd() {
        return liveAfterEnd;
    }

    /** A mailbox was cleaned up (its actor stopped): reports no longer see it. */
    public void unregister(ReplayMailbox mailbox) {
        queues.remove(mailbox);
    }

    /** A replay mailbox was made for an actor: the watchdog and the reports see it from now on. */
    public void register(ReplayMailbox mailbox) {
        queues.add(mailbox);
    }

    /**
     * Ends this replay without a report, and lets this JVM replay another trace (a test's next
     * replay, in process): the watchdog stops and the trace's files are closed. A program's
     * replay ends with {@link #finish} instead.
     */
    @Override
    public void close() throws IOException {
        stopping.set(true);
        synchronized (Replay.class) {
            if (current == this) {
                current = null;
            }
        }
        try (TraceIndex r = reader; DataFileReader d = data) {
            // closed in turn, the second even if the first fails
        }
    }

    /** Whether the replay is stopping: it diverged, or reached the end of a cut recording. */
    public boolean stopping() {
        return stopping.get();
    }

    /** The divergence report, or null while the replay follows its trace. */
    public String divergence() {
        return divergence;
    }

    /** Actors whose recorded events are not all consumed. */
    List<ActorScript> unfinished() {
        List<ActorScript> out = new ArrayList<>();
        for (ActorScript s : scripts.values()) {
            if (!s.finished()) {
                out.add(s);
            }
        }
        return out;
    }

    /**
     * The program has ended (its last actor system terminated, or the JVM exits): prints the
     * summary; if actors still expect recorded events, the program did less than it did when
     * recorded, and the replay stops as diverged, unless the user stopped it ({@link #stoppedBy}):
     * then it says where each actor stopped.
     */
    public void finish() {
        String summary = summary();
        List<ActorScript> left = unfinished();
        left.removeIf(s -> !support.isApplicationActor(s.actor()));
        if (!left.isEmpty() && stoppedBy != null && divergence == null) {
            StringBuilder sb = new StringBuilder("[reprise] replay stopped by ").append(stoppedBy)
                    .append(" before the end of the trace; up to here it matched the recording.\n  trace: ")
                    .append(directory).append('\n');
            describeWaiting(sb, left);
            System.err.println(sb.append("  ").append(summary));
            System.err.flush();
            return;
        }
        if (left.isEmpty() && cut) {
            recordingEnded(); // the program ended on its own past the end of what was recorded
            return;
        }
        if (left.isEmpty() && !reader.problems().isEmpty()) {
            // Events the damage took cannot be checked: the replay cannot vouch for the run.
            stop("[reprise] REPLAY DIVERGED: the trace is damaged, so the replay could not check every recorded event ("
                    + reader.problems().get(0) + ").\n  " + summary + "\n  The replay stops with exit code " + ExitCodes.DIVERGED + '.');
            return;
        }
        if (left.isEmpty()) {
            System.err.println(summary);
            System.err.flush();
            return;
        }
        StringBuilder sb = new StringBuilder("[reprise] REPLAY DIVERGED: the program ended while actors still "
                + "expected recorded events.\n  trace: " + directory + '\n');
        describeWaiting(sb, left);
        sb.append("  ").append(summary).append("\n  The replay stops with exit code ").append(ExitCodes.DIVERGED).append('.');
        stop(sb.toString());
    }

    /** Each of the first ten actors in {@code left}: the event it expects next, and where in the trace. */
    private void describeWaiting(StringBuilder sb, List<ActorScript> left) {
        left.stream().limit(10).forEach(s -> sb.append("  actor: ").append(support.describe(s.actor()))
                .append("\n    expected next: ").append(describe(s.peek())).append("\n    trace position: ")
                .append(s.position()).append(", after ").append(s.consumed()).append(" events of this actor\n"));
    }

    /**
     * The user stopped the program ({@code signal}: SIGINT, SIGTERM), which its recording never saw: the
     * exit then neither waits for the recorded events left nor calls their absence a divergence;
     * {@link #finish} says how far the replay got.
     */
    public void stoppedBy(String signal) {
        stoppedBy = signal;
    }

    /** The signal that stopped the program ({@link #stoppedBy}), or null while none has. */
    public String stopSignal() {
        return stoppedBy;
    }

    /**
     * The JVM is exiting ({@code System.exit}, or the program's last thread ended): in the recording
     * every recorded event came before the exit, so the exit waits while the application's actors
     * still replay theirs, until none has moved for the quiet time, or the user stops the program
     * ({@link #stoppedBy}).
     */
    public void awaitRecordedEvents() {
        long last = -1;
        long since = System.nanoTime();
        while (!stopping() && stoppedBy == null && unfinished().stream().anyMatch(s -> support.isApplicationActor(s.actor()))) {
            long p = traceProgress();
            if (p != last || turns.computing()) {
                last = p;
                since = System.nanoTime();
            } else if (System.nanoTime() - since > quiet.toNanos()) {
                return; // finish() reports what is left
            }
            try {
                Thread.sleep(20);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                return;
            }
        }
    }

    /** Recorded actors (not outside threads) that the replay has not met yet. */
    long neverSeen() {
        return neverSeen(false);
    }

    /** Recorded actors, or with {@code sources} outside threads, that the replay has not met yet. */
    private long neverSeen(boolean sources) {
        return reader.actors().stream()
                .filter(a -> !scripts.containsKey(a) && !isRetired(a) && !TraceIds.isRecorder(a, reader.formatVersion())
                        && TraceIds.isExternalSource(a, reader.formatVersion()) == sources)
                .count();
    }

    /**
     * Messages still waiting in mailboxes (delivered to actors that had used up their recorded
     * events, or that the trace never expected), and the mailbox holding most of them.
     */
    private void heldBack(StringBuilder sb) {
        long total = 0;
        ReplayMailbox most = null;
        int mostHeld = 0;
        for (ReplayMailbox q : queues) {
            int n = q.numberOfMessages();
            total += n;
            if (n > mostHeld) {
                most = q;
                mostHeld = n;
            }
        }
        if (most != null) {
            sb.append(total).append(" messages held back in mailboxes (most in ")
                    .append(support.describe(most.knownActorId())).append(": ").append(mostHeld).append("); ");
        }
    }

    /** The readable trace's events, counted as {@code reprise stats} counts them. */
    EventTally recorded() {
        return reader.recorded();
    }

    /**
     * The end-of-replay summary: what was replayed against what the trace holds, counted as
     * {@code reprise stats} counts (so "341 of 341 messages" can be checked against it).
     */
    public String summary() {
        List<ActorScript> all = unfinished();
        List<ActorScript> left = new ArrayList<>(all);
        left.removeIf(s -> !support.isApplicationActor(s.actor()));
        long neverSeen = neverSeen();
        // Threads outside the actor system that the replay never met (Akka's dispatcher threads at shutdown).
        long sourcesNeverSeen = neverSeen(true);
        EventTally recorded = reader.recorded();
        StringBuilder sb = new StringBuilder("[reprise] replay of " + directory + ": replayed ")
                .append(replayed.messages()).append(" of ").append(recorded.messages()).append(" messages (")
                .append(replayed.externalMessages()).append(" of ").append(recorded.externalMessages())
                .append(" external), ")
                .append(replayed.systemCalls()).append(" of ").append(recorded.systemCalls()).append(" system calls, ")
                .append(replayed.systemMessageTurns()).append(" of ").append(recorded.systemMessageTurns()).append(" system messages, ")
                .append(replayed.creations()).append(" of ").append(recorded.creations()).append(" creations; ")
                .append(liveInputs.sum()).append(" live external inputs held back; ");
        heldBack(sb);
        sb.append("at most ").append(support.timersKeptAtMost()).append(" timers kept at once; ");
        boolean everyEvent = replayed.messages() == recorded.messages() && replayed.systemCalls() == recorded.systemCalls()
                && replayed.systemMessageTurns() == recorded.systemMessageTurns() && replayed.creations() == recorded.creations();
        if (everyEvent && all.isEmpty() && neverSeen == 0 && sourcesNeverSeen == 0 && reader.problems().isEmpty()) {
            sb.append("the whole trace was consumed.");
        } else if (left.isEmpty() && neverSeen == 0 && reader.problems().isEmpty()) {
            // Akka's own actors and threads race the system's shutdown with the end of a recording.
            sb.append("every application actor consumed its recorded events");
            if (!all.isEmpty()) {
                sb.append("; ").append(all.size()).append(" of Akka's own actors did not");
                all.stream().limit(3).forEach(s -> sb.append(" [").append(support.describe(s.actor()))
                        .append(" expects ").append(describe(s.peek())).append(']'));
            }
            if (sourcesNeverSeen > 0) {
                sb.append("; ").append(sourcesNeverSeen).append(" recorded threads outside the actor system did not run "
                        + "here (Akka's threads at shutdown, or threads whose input came from the trace)");
            }
            sb.append('.');
        } else {
            sb.append("the trace was not consumed entirely: ").append(left.size()).append(" actors have events left");
            left.stream().limit(3).forEach(s -> sb.append(" [").append(support.describe(s.actor())).append(" expects ")
                    .append(describe(s.peek())).append(']'));
            if (neverSeen > 0) {
                sb.append(", ").append(neverSeen).append(" recorded actors never appeared");
            }
            if (!reader.problems().isEmpty()) {
                sb.append(", the trace is damaged (").append(reader.problems().get(0)).append(")");
            }
            sb.append('.');
        }
        return sb.toString();
    }
}
