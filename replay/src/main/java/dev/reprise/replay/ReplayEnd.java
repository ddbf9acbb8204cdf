package dev.reprise.replay;

import dev.reprise.trace.ExitCodes;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicBoolean;

/**
 * How a replay ends, decided here and nowhere else in the replay core, with its exit code from
 * {@link ExitCodes}: a divergence stops it with a report ({@link ExitCodes#DIVERGED}), the end of a
 * cut recording with how far it went ({@link ExitCodes#RECORDING_ENDED}); a program that ends
 * prints the summary, or stops as diverged if actors still expected recorded events, unless the
 * user stopped it. A replay stops once: the first reason wins. The methods are {@link Replay}'s,
 * which says what each does.
 */
final class ReplayEnd {
    private final Replay replay;
    private final AtomicBoolean stopping = new AtomicBoolean();
    /** Stop the JVM on a divergence (the agent), or keep the report for a test to fail with. */
    private final boolean haltOnDivergence;

    private volatile String divergence;
    /** The report the replay ended with, once it has ended. */
    private volatile ReplayReport report;
    /** The exit code the divergence stops with: {@link ExitCodes#DIVERGED} or {@link ExitCodes#DAMAGE_REACHED}. */
    private volatile int divergenceExit = ExitCodes.DIVERGED;
    /** The signal that stopped the program (SIGINT, SIGTERM), or null: the user ended the replay early. */
    private volatile String stoppedBy;
    /** A signal ends the program: past their recorded events, actors go on live ({@link Replay#liveAfterEnd}). */
    private volatile boolean ending;
    /** The replay raised the recorded signal itself ({@link SignalEnd}): its arrival is not the user's. */
    private final AtomicBoolean endedAsRecorded = new AtomicBoolean();

    /**
     * The replay of a program ({@code haltOnDivergence}: the agent's, which stops the JVM) writes
     * its report as JSON beside the trace ({@link ReplayReportFile}) too, and removes an earlier
     * one now; a test's replay in process (the JUnit extension's) does not write into its trace.
     */
    ReplayEnd(Replay replay, boolean haltOnDivergence) {
        this.replay = replay;
        this.haltOnDivergence = haltOnDivergence;
        if (haltOnDivergence) {
            ReplayReportFile.clear(replay.directory);
        }
    }

    /**
     * {@link Replay#diverged}: the report, and the exception for the thread that found it; {@code
     * event} is the actor's event (from 0) where it behaved differently, -1 for the one it expects next.
     */
    ReplayDivergence diverged(long actor, long event, String what, DivergenceCause cause) {
        ReplayReport report = cause == DivergenceCause.TRACE_DAMAGED
                ? DivergenceReport.damaged(replay, actor, event, what)
                : DivergenceReport.of(replay, actor, event, what, cause);
        stop(report);
        return new ReplayDivergence(report.text());
    }

    /**
     * The replay reached the end of a cut recording: prints how far it went and stops with
     * {@link ExitCodes#RECORDING_ENDED}, since live actors could otherwise go on forever past it.
     */
    void recordingEnded() {
        stop(waiting(
                ReplayReport.End.RECORDING_ENDED,
                ExitCodes.RECORDING_ENDED,
                replay.unfinished(),
                RecordingEnd.report(replay)));
    }

    /** A report without a first difference, of the actors of {@code left}, each with the event it expects next. */
    private ReplayReport waiting(ReplayReport.End end, int exitCode, List<ActorScript> left, String text) {
        List<ReplayReport.Actor> actors = new ArrayList<>();
        for (ActorScript s : left.subList(0, Math.min(left.size(), ReplayReport.WAITING_LISTED))) {
            actors.add(ReplayReport.waiting(replay, s.actor(), ReplayReport.heldIn(replay, s.actor())));
        }
        return new ReplayReport(end, exitCode, null, actors, left.size() - actors.size(), null, text);
    }

    /**
     * The JVM exits after the replay found a divergence: it halts with {@link ExitCodes#DIVERGED} now,
     * before the program's own exit status (a thread started to halt could come too late once the
     * shutdown hooks are done).
     */
    void haltIfDiverged() {
        if (divergence != null) {
            Runtime.getRuntime().halt(divergenceExit);
        }
    }

    /** Stops the replay with {@code report}: prints it, writes it, and halts the JVM with its exit code (the agent). */
    void stop(ReplayReport report) {
        if (!stopping.compareAndSet(false, true)) {
            return;
        }
        this.report = report;
        int exitCode = report.exitCode();
        if (exitCode == ExitCodes.DIVERGED || exitCode == ExitCodes.DAMAGE_REACHED) {
            divergenceExit = exitCode;
            divergence = report.text();
        }
        System.err.println(report.text());
        System.err.flush();
        if (!haltOnDivergence) {
            return;
        }
        ReplayReportFile.write(replay.directory, report);
        Thread exit = new Thread(
                () -> {
                    Runtime.getRuntime().halt(exitCode); // hooks of the replayed program could wait on the stuck actors
                },
                "reprise-replay-stop");
        exit.setDaemon(true);
        exit.start();
    }

    /** The replay is closed ({@link Replay#close}): it stops here, without a report. */
    void stopWithoutReport() {
        stopping.set(true);
    }

    boolean stopping() {
        return stopping.get();
    }

    String divergence() {
        return divergence;
    }

    ReplayReport report() {
        return report;
    }

    void stoppedBy(String signal) {
        if (!endedAsRecorded.get()) {
            stoppedBy = signal;
        }
        ending = true;
    }

    boolean ending() {
        return ending;
    }

    void endAsRecorded() {
        if (!endedAsRecorded.compareAndSet(false, true)) {
            return;
        }
        long signal = replay.metadata().endedBySignal();
        System.err.println(SignalEnd.announcement(replay));
        System.err.flush();
        if (!replay.support.raise((int) signal)) {
            endedAsRecorded.set(false);
            System.err.println("[reprise] this JVM cannot raise that signal: stop the program yourself");
        }
    }

    String stopSignal() {
        return stoppedBy;
    }

    /** {@link Replay#finish}: the summary, or how far the replay got, or why it stops. */
    void finish() {
        String summary = replay.summary();
        List<ActorScript> left = replay.unfinished();
        left.removeIf(s -> !replay.support.isApplicationActor(s.actor()));
        if (!left.isEmpty() && stoppedBy != null && divergence == null) {
            StringBuilder sb = new StringBuilder("[reprise] replay stopped by ")
                    .append(stoppedBy)
                    .append(" before the end of the trace; up to here it matched the recording.\n  trace: ")
                    .append(replay.directory)
                    .append('\n');
            SummaryText.waiting(replay, sb, left);
            String text = sb.append("  ").append(summary).toString();
            System.err.println(text);
            System.err.flush();
            written(waiting(ReplayReport.End.STOPPED_BY_USER, -1, left, text));
            return;
        }
        if (left.isEmpty() && replay.cut) {
            recordingEnded(); // the program ended on its own past the end of what was recorded
            return;
        }
        if (left.isEmpty() && !replay.problems().isEmpty()) {
            // Events the damage took cannot be checked: the replay cannot vouch for the run.
            String damage = replay.problems().get(0).toString();
            stop(new ReplayReport(
                    ReplayReport.End.DAMAGE_REACHED,
                    ExitCodes.DAMAGE_REACHED,
                    null,
                    List.of(),
                    0,
                    damage,
                    "[reprise] REPLAY STOPPED AT DAMAGE: the trace is damaged, so the replay could not check every "
                            + "recorded event; up to the damage it matched the recording.\n  damage: "
                            + damage + "\n  " + summary + "\n  The replay stops with exit code "
                            + ExitCodes.DAMAGE_REACHED + '.'));
            return;
        }
        if (left.isEmpty()) {
            System.err.println(summary);
            System.err.flush();
            written(ReplayReport.of(ReplayReport.End.MATCHED, ExitCodes.OK, summary));
            return;
        }
        StringBuilder sb = new StringBuilder("[reprise] REPLAY DIVERGED: the program ended while actors still "
                + "expected recorded events.\n  trace: " + replay.directory + '\n');
        SummaryText.waiting(replay, sb, left);
        sb.append("  ")
                .append(summary)
                .append("\n  The replay stops with exit code ")
                .append(ExitCodes.DIVERGED)
                .append('.');
        stop(waiting(ReplayReport.End.DIVERGED, ExitCodes.DIVERGED, left, sb.toString()));
    }

    /** A replay that ends without stopping (it matched, or the user stopped it) writes its report too (the agent's). */
    private void written(ReplayReport report) {
        this.report = report;
        if (haltOnDivergence) {
            ReplayReportFile.write(replay.directory, report);
        }
    }

    /** {@link Replay#awaitRecordedEvents}: waits while the application's actors still move through their events. */
    void awaitRecordedEvents() {
        long last = -1;
        long since = System.nanoTime();
        while (!stopping()
                && stoppedBy == null
                && replay.unfinished().stream().anyMatch(s -> replay.support.isApplicationActor(s.actor()))) {
            long p = replay.traceProgress();
            if (p != last || replay.turns.computing()) {
                last = p;
                since = System.nanoTime();
            } else if (System.nanoTime() - since > replay.quiet.toNanos()) {
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
}
