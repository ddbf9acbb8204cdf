package dev.reprise.tide.trace;

import com.oracle.truffle.api.nodes.RootNode;
import dev.reprise.tide.language.TideContext;
import dev.reprise.tide.language.TideError;
import java.io.IOException;
import java.nio.file.FileSystemException;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.List;

/** Chooses a run's {@link TraceMode} from the context's {@code tide.Record} and {@code tide.Replay} options. */
public final class TraceOptions {
    private TraceOptions() {}

    /**
     * The mode of a run of {@code program} (in the file {@code source}), from the context's options
     * ({@code tide.Record}, {@code tide.Replay}, {@code tide.ReplayChangedProgram}).
     *
     * @param roots the program's ASTs, whose tracing nodes a recording counts when it ends ({@link TracingCensus})
     */
    public static TraceMode choose(TideContext context, RecordedProgram program, String source, List<RootNode> roots) {
        String record = context.recordOption();
        String replay = context.replayOption();
        if (!record.isEmpty() && !replay.isEmpty()) {
            throw new TideError("tide.Record and tide.Replay are both set: a run either records or replays");
        }
        if (!record.isEmpty()) {
            return Recording.start(context, Path.of(record), program, source, roots);
        }
        if (!replay.isEmpty()) {
            return Replaying.open(context, Path.of(replay), program, context.replayChangedProgram());
        }
        return TraceMode.untraced(context);
    }

    /** An I/O failure as one line: what and where, without a stack trace. */
    static String reason(IOException e) {
        if (e instanceof NoSuchFileException missing) {
            return "no such file or directory: " + missing.getFile()
                    + (missing.getReason() == null ? "" : " (" + missing.getReason() + ")");
        }
        if (e instanceof FileSystemException fileProblem && fileProblem.getReason() != null) {
            return fileProblem.getReason(); // the caller names the directory already
        }
        String message = e.getMessage();
        return message == null ? e.getClass().getSimpleName() : message;
    }
}
