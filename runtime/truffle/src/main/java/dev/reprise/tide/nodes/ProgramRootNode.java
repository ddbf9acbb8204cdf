package dev.reprise.tide.nodes;

import com.oracle.truffle.api.CallTarget;
import com.oracle.truffle.api.CompilerDirectives.TruffleBoundary;
import com.oracle.truffle.api.RootCallTarget;
import com.oracle.truffle.api.frame.VirtualFrame;
import com.oracle.truffle.api.nodes.RootNode;
import com.oracle.truffle.api.source.Source;
import dev.reprise.tide.language.TideContext;
import dev.reprise.tide.language.TideLanguage;
import dev.reprise.tide.nodes.actors.MessageRootNode;
import dev.reprise.tide.parser.Program;
import dev.reprise.tide.runtime.ActorSystem;
import dev.reprise.tide.runtime.Nil;
import dev.reprise.tide.trace.RecordedProgram;
import dev.reprise.tide.trace.TraceMode;
import dev.reprise.tide.trace.TraceOptions;
import java.util.ArrayList;
import java.util.List;

/** What evaluating a source runs: a fresh actor system whose main actor runs the program. */
public final class ProgramRootNode extends RootNode {
    // Two workers keep the program concurrent (and racy) even on a small machine.
    private static final int MIN_WORKERS = 2;

    private final Program program;
    private final Source source;
    private final CallTarget processor;

    /** The root of a program parsed from source. */
    public ProgramRootNode(TideLanguage language, Program program, Source source) {
        super(language);
        this.program = program;
        this.source = source;
        this.processor = new MessageRootNode(language).getCallTarget();
    }

    @Override
    public Object execute(VirtualFrame frame) {
        TideLanguage language = TideLanguage.get(this);
        TideContext context = TideContext.get(this);
        int workers = Math.max(MIN_WORKERS, Runtime.getRuntime().availableProcessors());
        TraceMode mode = chooseMode(language, context);
        new ActorSystem(language, context, processor, workers, mode).run(program.main());
        return Nil.INSTANCE;
    }

    // The context's mode: chosen at its first run, which opens its trace; later runs add to that trace.
    @TruffleBoundary
    private TraceMode chooseMode(TideLanguage language, TideContext context) {
        return context.traceMode(source.getName(), () -> {
            if (!context.recordOption().isEmpty()) {
                language.recordingStarts();
            }
            String path = source.getPath() == null ? source.getName() : source.getPath();
            RecordedProgram recorded = RecordedProgram.of(
                    source.getName(), source.getCharacters(), context.env().getApplicationArguments());
            return TraceOptions.choose(context, recorded, path, roots());
        });
    }

    // Every AST of the program: where its tracing nodes are.
    private List<RootNode> roots() {
        List<RootNode> roots = new ArrayList<>(program.functions());
        roots.add(((RootCallTarget) processor).getRootNode());
        return roots;
    }

    @Override
    public String getName() {
        return "program";
    }
}
