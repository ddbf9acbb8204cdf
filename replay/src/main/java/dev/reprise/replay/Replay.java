package dev.reprise.replay;

import dev.reprise.trace.ActorEventSource;
import dev.reprise.trace.CreationKind;
import dev.reprise.trace.DataFileReader;
import dev.reprise.trace.EventTally;
import dev.reprise.trace.ExitCodes;
import dev.reprise.trace.SourceNames;
import dev.reprise.trace.Subtrace;
import dev.reprise.trace.TraceEvent;
import dev.reprise.trace.TraceFiles;
import dev.reprise.trace.TraceIndex;
import dev.reprise.trace.TraceMetadata;
import dev.reprise.trace.TraceProblem;
import java.io.IOException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.LongAdder;
import java.util.stream.Stream;

/**
 * A replay in progress: the trace, each actor's script, the counters for the summary, and the
 * divergence reports. One per JVM, opened by the agent in replay mode.
 *
 * <p>This class is the session (the trace opened, the one replay per JVM, its settings, close) and
 * the one door the runtimes that replay call through; the work is done by a class per concern:
 * {@link ActorScripts} (each actor's script, retired actors), {@link OutsideSources},
 * {@link Expectations} (what the program must do next, checked as it does it), {@link ReplayEnd}
 * (how the replay ends, with which exit code) and {@link SummaryText}.
 */
public final class Replay implements AutoCloseable {

    private static volatile Replay current;

    final Path directory;
    /** The runtimes' support: the agent's, and its copies' in other class loaders ({@link #join}). */
    final ReplaySupports support;

    final Duration quiet;
    /** Past the end of its recorded events an actor goes on live (processes messages in arrival order). */
    final boolean liveAfterEnd;

    private final TraceIndex reader;
    private final DataFileReader data;
    private final TraceMetadata metadata;
    /**
     * The recording was cut off (killed or crashed; no damage inside): each actor stops where its
     * recorded events end, and the replay ends once none can go further ({@link RecordingEnd}).
     */
    final boolean cut;
    /** The recorded turns running now, for the watchdog. */
    final RunningTurns turns = new RunningTurns();
    /**
     * The events the replayed program consumed, counted as {@code reprise stats} counts the trace;
     * a plain message's turn is counted on its thread's slot in {@link #turns}.
     */
    final EventTally replayed = new EventTally(turns::messages);

    final LongAdder liveInputs = new LongAdder();
    /** Reports show everything (every actor, message group and frame), not a screenful. */
    final boolean verbose;

    private final ActorScripts scripts;
    /** {@link #finish} ran. */
    private final java.util.concurrent.atomic.AtomicBoolean finished = new java.util.concurrent.atomic.AtomicBoolean();
    /** {@link #programExits}. */
    private volatile boolean exiting;

    private final OutsideSources sources;
    private final Expectations expectations;
    private final ReplayEnd end;

    private Replay(
            Path directory,
            ReplaySupport support,
            Duration quiet,
            boolean liveAfterEnd,
            boolean verbose,
            TraceIndex reader,
            DataFileReader data,
            TraceMetadata metadata,
            boolean haltOnDivergence) {
        this.liveAfterEnd = liveAfterEnd;
        this.verbose = verbose;
        this.directory = directory;
        this.support = new ReplaySupports(support);
        this.quiet = quiet;
        this.reader = reader;
        this.data = data;
        this.metadata = metadata;
        this.sources = new OutsideSources(SourceNames.read(metadata, data));
        this.cut = !metadata.cleanEnd()
                && reader.problems().stream().allMatch(p -> p.kind() == TraceProblem.Kind.TRUNCATED);
        this.scripts = new ActorScripts(reader, this.support);
        this.expectations = new Expectations(this, scripts, data);
        this.end = new ReplayEnd(this, haltOnDivergence);
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
    public static synchronized Replay open(
            Path directory,
            ReplaySupport support,
            Duration quiet,
            boolean liveAfterEnd,
            boolean verbose,
            boolean haltOnDivergence)
            throws IOException {
        if (current != null) {
            throw new IllegalStateException("a replay of " + current.directory + " is already running in this JVM; "
                    + "a JVM replays one trace (run replay tests in a fresh JVM each)");
        }
        TraceMetadata metadata = TraceMetadata.read(directory);
        TraceIndex reader = TraceIndex.open(directory);
        DataFileReader data = DataFileReader.open(TraceFiles.data(directory));
        Replay r =
                new Replay(directory, support, quiet, liveAfterEnd, verbose, reader, data, metadata, haltOnDivergence);
        current = r;
        new Watchdog(r).start();
        return r;
    }

    /**
     * Joins the replay in progress with {@code support}: the agent's copy in another class loader,
     * which replays the actor system that loader's Akka makes, as the same trace recorded it.
     *
     * @throws IllegalStateException when no replay runs in this JVM
     */
    public static synchronized Replay join(ReplaySupport support) {
        Replay r = current;
        if (r == null) {
            throw new IllegalStateException("no replay runs in this JVM to join");
        }
        r.support.add(support);
        return r;
    }

    /**
     * Whether the recorded fingerprints are checked (on by default); off, a program changed on
     * purpose (a message class renamed) replays as far as its message order allows.
     */
    public void checkFingerprints(boolean on) {
        expectations.checkFingerprints(on);
    }

    /** Whether the recorded fingerprints are checked ({@link #checkFingerprints}). */
    public boolean checksFingerprints() {
        return expectations.checksFingerprints();
    }

    /** The replay in progress, or null. */
    public static Replay current() {
        return current;
    }

    /** The trace being replayed. */
    public Path directory() {
        return directory;
    }

    /**
     * How long a replay waits, while the program goes on by itself ({@link
     * ReplaySupport#programGoesOn}), before it calls the wait stuck: {@value #WAIT_FACTOR} times the
     * quiet time (5 minutes at the default 10 s).
     */
    public Duration waitLimit() {
        return quiet.multipliedBy(WAIT_FACTOR);
    }

    /** {@link #waitLimit()} in quiet times. */
    static final int WAIT_FACTOR = 30;

    /** The trace's metadata. */
    public TraceMetadata metadata() {
        return metadata;
    }

    /** The script of actor {@code id} (empty if the trace has no events for it). */
    public ActorScript script(long id) {
        return scripts.script(id);
    }

    /** Actor {@code id} has stopped: once all its events are consumed, its script is no longer kept. */
    public void stopped(long id) {
        scripts.stopped(id);
    }

    /** The recorded id of outside source {@code name}, or -1 if the recording never used it. */
    public long sourceId(String name) {
        return sources.id(name);
    }

    /** The recorded outside sources: name to id. */
    public Map<String, Long> sources() {
        return sources.all();
    }

    /** The recorded name of outside source {@code id} (for reports), or null if the trace names no source so. */
    public String sourceName(long id) {
        return sources.name(id);
    }

    /**
     * Past the end of what {@code id} recorded: a creation or system call in the actor's last turn
     * goes live; the actor then processes no more messages (unless the replay goes on live). But
     * when events are missing there, or the whole trace is damaged, that end is not the
     * recording's, and the replay stops with a report. In a recording cut off by a crash the actor simply stops there
     * (it processes no more messages; a creation or system call in its last turn goes live).
     */
    public boolean pastTheEnd(long id) {
        return expectations.pastTheEnd(id);
    }

    /**
     * Whether {@code actor} goes on live now: the replay goes on live past the end of the recording
     * ({@code end=live}) and the actor has used up its recorded events (its timers then run live).
     */
    public boolean goesOnLive(long actor) {
        return expectations.goesOnLive(actor);
    }

    /**
     * Whether timer {@code id}, an ask's timeout, completed its ask in the recording (its one event,
     * a system call): takes that event if it is next. The timer's script is not kept afterwards.
     */
    public boolean firedInRecording(long id) {
        return expectations.firedInRecording(id);
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
     * The subtrace holding event {@code index} (from 0) of {@code actor}'s replay order, read
     * afresh (for a report: its script has moved past it), or null when it cannot be read.
     */
    Subtrace subtraceOf(long actor, long index) {
        try {
            ActorEventSource events = reader.actor(actor);
            for (long i = 0; i <= index; i++) {
                if (events.next() == null) {
                    return null;
                }
            }
            return events.currentSubtrace();
        } catch (IOException | RuntimeException e) {
            return null; // damage before it: the report goes without its subtrace
        }
    }

    /** The problems found reading the trace (damage, a cut end), in the order found. */
    List<TraceProblem> problems() {
        return reader.problems();
    }

    /**
     * {@code creator} creates something: the id it had in the recording, or -1 past the end of
     * the creator's recorded events (the replay then goes on live).
     */
    public long expectCreation(long creator, CreationKind kind, Class<?> actorClass) {
        return expectations.expectCreation(creator, kind, actorClass);
    }

    /** {@link #nextCompletion}: the recording's attempt here lost to another completer. */
    public static final long LOST = -1;
    /** {@link #nextCompletion}: past the end of the creator's recorded events, where the replay goes on live. */
    public static final long LIVE = 0;

    /**
     * {@code creator} tries to complete a promise that is not completed yet: the id of the
     * completion its recording made here (a promise creation comes next; it is taken when the
     * attempt completes the promise), {@link #LIVE} past the end of its recorded events where
     * the replay goes on live, or {@link #LOST} where the recording found the promise completed
     * by someone else first, or made no completion before its events end (the replay must then
     * let another completer win).
     */
    public long nextCompletion(long creator) {
        return expectations.nextCompletion(creator);
    }

    /**
     * {@code actor} makes a nondeterministic call: the result it had in the recording, or null
     * past the end of its recorded events (the real call is made).
     */
    public byte[] expectSystemCall(long actor, String call) {
        return expectations.expectSystemCall(actor, call);
    }

    /** Data entry {@code (owner, dataId)} of the trace's data file, or null if it holds none. */
    public byte[] read(long owner, long dataId) {
        return expectations.read(owner, dataId);
    }

    /**
     * A turn of {@code actor} that processed a message of its recorded events is over, having sent
     * {@code sends} messages; its message's recorded fingerprint was {@code recorded}. When
     * fingerprints are checked, a different number of sends than recorded stops the replay. Creations and
     * system calls happen only inside turns, so one that is still the actor's next event was made
     * by this turn when recorded: the program now does less here than it did.
     */
    public void turnOver(long actor, byte recorded, int sends) {
        expectations.turnOver(script(actor), recorded, sends);
    }

    /** {@link #turnOver(long, byte, int)} for the actor of script {@code s}. */
    public void turnOver(ActorScript s, byte recorded, int sends) {
        expectations.turnOver(s, recorded, sends);
    }

    /** The turn has ended. */
    public void turnEnded() {
        expectations.turnEnded();
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
     * {@code actor} did {@code what} instead of the event it expects next.
     */
    public ReplayDivergence diverged(long actor, String what) {
        return end.diverged(actor, NEXT_EVENT, what, DivergenceCause.UNRECORDED);
    }

    /** {@link #diverged} at {@code actor}'s event {@code event} (from 0 in its replay order), one it took already. */
    public ReplayDivergence diverged(long actor, long event, String what) {
        return end.diverged(actor, event, what, DivergenceCause.UNRECORDED);
    }

    /** {@link #diverged} where a fingerprint or class check shows that the program changed. */
    public ReplayDivergence changed(long actor, String what) {
        return end.diverged(actor, NEXT_EVENT, what, DivergenceCause.PROGRAM_CHANGED);
    }

    /** {@link #changed} at {@code actor}'s event {@code event} (from 0 in its replay order), one it took already. */
    public ReplayDivergence changed(long actor, long event, String what) {
        return end.diverged(actor, event, what, DivergenceCause.PROGRAM_CHANGED);
    }

    /** {@link #diverged} where the trace is damaged or incomplete: it cannot say what comes next. */
    public ReplayDivergence damaged(long actor, String what) {
        return end.diverged(actor, NEXT_EVENT, what, DivergenceCause.TRACE_DAMAGED);
    }

    /** {@link #damaged} at {@code actor}'s event {@code event} (from 0 in its replay order), one it took already. */
    public ReplayDivergence damaged(long actor, long event, String what) {
        return end.diverged(actor, event, what, DivergenceCause.TRACE_DAMAGED);
    }

    /** The divergence is at the event the actor expects next, not one it took. */
    private static final long NEXT_EVENT = -1;

    /** Stops the replay with {@code report} ({@link ReplayEnd}). */
    void stop(ReplayReport report) {
        end.stop(report);
    }

    /**
     * The replay reached the end of a cut recording: prints how far it went and stops with
     * {@link ExitCodes#RECORDING_ENDED}, since live actors could otherwise go on forever past it.
     */
    void recordingEnded() {
        end.recordingEnded();
    }

    /** A mailbox took {@code taken}, its actor's next recorded message or system message: the actor's turn with it begins. */
    public void turnBegins(long actor, TraceEvent taken) {
        expectations.turnBegins(actor, taken);
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

    /**
     * Whether actors go on live past the end of their recorded events: with {@code end=live}, and
     * once a signal ends the program, so that its shutdown does not wait for actors the recording
     * never saw stop.
     */
    public boolean liveAfterEnd() {
        return liveAfterEnd || end.ending();
    }

    /** The trace's format version (outside sources' ids depend on it). */
    int formatVersion() {
        return reader.formatVersion();
    }

    /**
     * The replay caught up to the end of a recording that a signal ended ({@link SignalEnd}): it
     * says so and raises that signal, once.
     */
    void endAsRecorded() {
        end.endAsRecorded();
    }

    /**
     * A replay mailbox was made for its actor: returns the actor's script, through which the
     * watchdog and the reports see the mailbox from now on.
     */
    public ActorScript attach(ReplayMailbox mailbox) {
        return scripts.attach(mailbox);
    }

    /** {@code mailbox}, attached with {@code script}, was cleaned up (its actor stopped): reports no longer see it. */
    public void detach(ReplayMailbox mailbox, ActorScript script) {
        scripts.detach(mailbox, script);
    }

    /** The replay mailboxes of the actors alive now, for the watchdog and the reports. */
    Stream<ReplayMailbox> mailboxes() {
        return scripts.mailboxes();
    }

    /** The replay mailbox of live actor {@code id}, or null. */
    ReplayMailbox mailboxOf(long id) {
        return scripts.mailboxOf(id);
    }

    /**
     * Ends this replay without a report, and lets this JVM replay another trace (a test's next
     * replay, in process): the watchdog stops and the trace's files are closed. A program's
     * replay ends with {@link #finish} instead.
     */
    @Override
    public void close() throws IOException {
        end.stopWithoutReport();
        synchronized (Replay.class) {
            if (current == this) {
                current = null;
            }
        }
        try (TraceIndex r = reader;
                DataFileReader d = data) {
            // closed in turn, the second even if the first fails
        }
    }

    /** The program called {@code System.exit}: actors waiting for a recorded completer wait no more ({@link #isExiting}). */
    public void programExits() {
        exiting = true;
    }

    /** Whether the program called {@code System.exit}: then nothing it does is waited for. */
    public boolean isExiting() {
        return exiting;
    }

    /** Whether the replay is stopping: it diverged, or reached the end of a cut recording. */
    public boolean stopping() {
        return end.stopping();
    }

    /** The divergence report, or null while the replay follows its trace. */
    public String divergence() {
        return end.divergence();
    }

    /** The report the replay ended with (its text, and what {@link ReplayReportFile} writes), or null while it runs. */
    ReplayReport report() {
        return end.report();
    }

    /** At the JVM's exit: a replay that diverged halts with its exit code now ({@link ReplayEnd}). */
    public void haltIfDiverged() {
        end.haltIfDiverged();
    }

    /** Actors whose recorded events are not all consumed. */
    List<ActorScript> unfinished() {
        return scripts.unfinished();
    }

    /**
     * The program has ended (its last actor system terminated, or the JVM exits): prints the
     * summary; if actors still expect recorded events, the program did less than it did when
     * recorded, and the replay stops as diverged, unless the user stopped it ({@link #stoppedBy}):
     * then it says where each actor stopped.
     */
    public void finish() {
        if (finished.compareAndSet(false, true)) { // once, whichever of the runtimes that joined it ends first
            end.finish();
        }
    }

    /**
     * The user stopped the program ({@code signal}: SIGINT, SIGTERM), which its recording never saw: the
     * exit then neither waits for the recorded events left nor calls their absence a divergence;
     * {@link #finish} says how far the replay got.
     */
    public void stoppedBy(String signal) {
        end.stoppedBy(signal);
    }

    /** The signal that stopped the program ({@link #stoppedBy}), or null while none has. */
    public String stopSignal() {
        return end.stopSignal();
    }

    /**
     * The JVM is exiting ({@code System.exit}, or the program's last thread ended): in the recording
     * every recorded event came before the exit, so the exit waits while the application's actors
     * still replay theirs, until none has moved for the quiet time, or the user stops the program
     * ({@link #stoppedBy}).
     */
    public void awaitRecordedEvents() {
        end.awaitRecordedEvents();
    }

    /** Recorded actors (not outside threads) that the replay has not met yet. */
    long neverSeen() {
        return scripts.neverSeen(false);
    }

    /** Recorded outside threads that the replay has not met yet. */
    long sourcesNeverSeen() {
        return scripts.neverSeen(true);
    }

    /** The recorded events of the outside threads the replay has not met, counted (read now: for the summary). */
    EventTally sourcesNeverSeenEvents() {
        return scripts.neverSeenSourcesEvents();
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
        return SummaryText.of(this);
    }
}
