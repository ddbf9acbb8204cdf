package dev.reprise.tide.language;

import com.oracle.truffle.api.Assumption;
import com.oracle.truffle.api.CallTarget;
import com.oracle.truffle.api.ContextThreadLocal;
import com.oracle.truffle.api.Option;
import com.oracle.truffle.api.Truffle;
import com.oracle.truffle.api.TruffleLanguage;
import com.oracle.truffle.api.nodes.Node;
import dev.reprise.tide.nodes.ProgramRootNode;
import dev.reprise.tide.parser.Parser;
import dev.reprise.tide.parser.Program;
import dev.reprise.tide.runtime.Turn;
import org.graalvm.options.OptionCategory;
import org.graalvm.options.OptionDescriptors;
import org.graalvm.options.OptionKey;
import org.graalvm.options.OptionStability;

/**
 * Tide: a small communicating-event-loops language. Evaluating a source runs it as the body of
 * the main actor and returns once no actor has a message left to process. Nodes hold no
 * per-context state, so contexts of one engine share parsed and compiled code.
 */
@TruffleLanguage.Registration(
        id = TideLanguage.ID,
        name = "Tide",
        defaultMimeType = TideLanguage.MIME_TYPE,
        characterMimeTypes = TideLanguage.MIME_TYPE,
        fileTypeDetectors = TideFileDetector.class,
        contextPolicy = TruffleLanguage.ContextPolicy.SHARED)
public final class TideLanguage extends TruffleLanguage<TideContext> {
    /** The language id used with the polyglot API. */
    public static final String ID = "tide";
    /** The MIME type of Tide sources. */
    public static final String MIME_TYPE = "application/x-tide";

    /** {@code tide.Record=DIR}: record each run of the context into the trace directory DIR. */
    @Option(
            help = "Record the program's run into this trace directory (created; it must not hold a trace).",
            category = OptionCategory.USER,
            stability = OptionStability.STABLE)
    static final OptionKey<String> Record = new OptionKey<>("");

    /** {@code tide.Replay=DIR}: replay the trace in DIR. */
    @Option(
            help = "Replay the program's run recorded in this trace directory.",
            category = OptionCategory.USER,
            stability = OptionStability.STABLE)
    static final OptionKey<String> Replay = new OptionKey<>("");

    /** {@code tide.ReplayChangedProgram=true}: replay the trace even if the program's source text changed since. */
    @Option(
            help = "Replay the trace even if the program's source text changed since it was recorded (to see where it "
                    + "diverges).",
            category = OptionCategory.USER,
            stability = OptionStability.STABLE)
    static final OptionKey<Boolean> ReplayChangedProgram = new OptionKey<>(false);

    private static final LanguageReference<TideLanguage> REFERENCE = LanguageReference.create(TideLanguage.class);

    // Which actor the current thread is running: read on every send, creation and resolution.
    private final ContextThreadLocal<Turn> turns = locals.createContextThreadLocal((context, thread) -> new Turn());

    // Valid until a context of this engine records: while valid, compiled code has no trace of tracing.
    private final Assumption noRecording = Truffle.getRuntime().createAssumption("no Tide context records");

    /** The language instance of the node's engine. */
    public static TideLanguage get(Node node) {
        return REFERENCE.get(node);
    }

    /** The current thread's turn: which actor it is running. */
    public Turn turn() {
        return turns.get();
    }

    /**
     * Valid while no context of this engine has recorded: the tracing nodes record only once it
     * is invalid (and then only in a context that records).
     */
    public Assumption noRecording() {
        return noRecording;
    }

    /** A context starts recording: compiled code that skipped the tracing nodes is invalidated. */
    public void recordingStarts() {
        noRecording.invalidate();
    }

    @Override
    protected TideContext createContext(Env env) {
        return new TideContext(
                env,
                env.getOptions().get(Record),
                env.getOptions().get(Replay),
                env.getOptions().get(ReplayChangedProgram));
    }

    @Override
    protected void disposeContext(TideContext context) {
        context.closeTrace();
    }

    @Override
    protected OptionDescriptors getOptionDescriptors() {
        return new TideLanguageOptionDescriptors();
    }

    @Override
    protected CallTarget parse(ParsingRequest request) {
        Program program = new Parser(this, request.getSource()).parseProgram();
        return new ProgramRootNode(this, program, request.getSource()).getCallTarget();
    }

    // Actors run on worker threads of their own; each message is still processed by one thread.
    @Override
    protected boolean isThreadAccessAllowed(Thread thread, boolean singleThreaded) {
        return true;
    }
}
