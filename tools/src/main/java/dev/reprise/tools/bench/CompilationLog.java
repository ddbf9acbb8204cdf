package dev.reprise.tools.bench;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;

/**
 * What the engine log of Tide benchmark JVMs says (Graal's compilation trace and the transfers to
 * the interpreter): finished and failed compilations, deoptimisations, invalidations, and how many
 * times compiled code left through a tracing node's id-width specialisation ({@code IdWidthNode}):
 * each is a widening (1 to 2 to 3 bytes, then any width) that happened in compiled code; and how
 * many times it left through an actor-switch node ({@code ActorSwitchNode}): a site that had seen
 * only switches met the same actor again, or the other way round.
 */
record CompilationLog(
        int jvms, long done, long failed, long deopts, long invalidations, long widenings, long switches) {
    static final CompilationLog NONE = new CompilationLog(0, 0, 0, 0, 0, 0, 0);
    private static final String TRANSFER = "[engine] transferToInterpreter at";
    private static final String WIDTH_NODE = "IdWidthNodeGen.execute";
    private static final String SWITCH_NODE = "ActorSwitchNodeGen.execute";

    /** The counts in one JVM's log. */
    static CompilationLog read(Path log) throws IOException {
        return of(Files.readAllLines(log));
    }

    /**
     * The counts in the lines of one JVM's log: {@code [engine] opt done ...}, {@code opt failed},
     * {@code opt deopt}, {@code opt inval.}, and {@code [engine] transferToInterpreter at} followed by
     * its stack, one frame a line.
     */
    static CompilationLog of(List<String> lines) {
        long done = 0;
        long failed = 0;
        long deopts = 0;
        long invalidations = 0;
        long widenings = 0;
        long switches = 0;
        boolean inTransfer = false;
        boolean transferCounted = false;
        for (String line : lines) {
            if (line.startsWith("[engine]")) {
                inTransfer = line.startsWith(TRANSFER);
                transferCounted = false;
            }
            if (inTransfer) {
                if (!transferCounted && line.contains(WIDTH_NODE)) {
                    widenings++;
                    transferCounted = true;
                } else if (!transferCounted && line.contains(SWITCH_NODE)) {
                    switches++;
                    transferCounted = true;
                }
            } else if (line.contains("opt done ")) {
                done++;
            } else if (line.contains("opt failed ")) {
                failed++;
            } else if (line.contains("opt deopt ")) {
                deopts++;
            } else if (line.contains("opt inv")) {
                invalidations++;
            }
        }
        return new CompilationLog(1, done, failed, deopts, invalidations, widenings, switches);
    }

    /** Both JVM sets' counts together. */
    CompilationLog plus(CompilationLog other) {
        return new CompilationLog(
                jvms + other.jvms,
                done + other.done,
                failed + other.failed,
                deopts + other.deopts,
                invalidations + other.invalidations,
                widenings + other.widenings,
                switches + other.switches);
    }

    /** "42 compiled, 0 failed, 1 deopt, 0 invalidated, 1 width widening, 0 switch respecialisations in 4 JVMs". */
    String describe() {
        return String.format(
                Locale.ROOT,
                "%d compiled, %d failed, %d deopt, %d invalidated, %d width widening%s, "
                        + "%d switch respecialisation%s in %d JVM%s",
                done,
                failed,
                deopts,
                invalidations,
                widenings,
                widenings == 1 ? "" : "s",
                switches,
                switches == 1 ? "" : "s",
                jvms,
                jvms == 1 ? "" : "s");
    }
}
