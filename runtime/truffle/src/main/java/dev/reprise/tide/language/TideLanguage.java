package dev.reprise.tide.language;

import com.oracle.truffle.api.CallTarget;
import com.oracle.truffle.api.ContextThreadLocal;
import com.oracle.truffle.api.TruffleLanguage;
import com.oracle.truffle.api.nodes.Node;
import dev.reprise.tide.nodes.ProgramRootNode;
import dev.reprise.tide.parser.Parser;
import dev.reprise.tide.parser.Program;
import dev.reprise.tide.runtime.Turn;

/**
 * Tide: a small communicating-event-loops language. Evaluating a source runs it as the body of
 * the main actor and returns once no actor has a message left to process. Nodes hold no
 * per-context state, so contexts of one engine share parsed and compiled code.
 */
@TruffleLanguage.Registration(id = TideLanguage.ID, name = "Tide", defaultMimeType = TideLanguage.MIME_TYPE,
        characterMimeTypes = TideLanguage.MIME_TYPE, fileTypeDetectors = TideFileDetector.class,
        contextPolicy = TruffleLanguage.ContextPolicy.SHARED)
public final class TideLanguage extends TruffleLanguage<TideContext> {
    /** The language id used with the polyglot API. */
    public static final String ID = "tide";
    /** The MIME type of Tide sources. */
    public static final String MIME_TYPE = "application/x-tide";

    private static final LanguageReference<TideLanguage> REFERENCE = LanguageReference.create(TideLanguage.class);

    // Which actor the current thread is running: read on every send, creation and resolution.
    private final ContextThreadLocal<Turn> turns = locals.createContextThreadLocal((context, thread) -> new Turn());

    /** The language instance of the node's engine. */
    public static TideLanguage get(Node node) {
        return REFERENCE.get(node);
    }

    /** The current thread's turn: which actor it is running. */
    public Turn turn() {
        return turns.get();
    }

    @Override
    protected TideContext createContext(Env env) {
        return new TideContext(env);
    }

    @Override
    protected CallTarget parse(ParsingRequest request) {
        Program program = new Parser(this, request.getSource()).parseProgram();
        return new ProgramRootNode(this, program).getCallTarget();
    }

    // Actors run on worker threads of their own; each message is still processed by one thread.
    @Override
    protected boolean isThreadAccessAllowed(Thread thread, boolean singleThreaded) {
        return true;
    }
}
