package dev.reprise.tide.nodes;

import com.oracle.truffle.api.CallTarget;
import com.oracle.truffle.api.frame.VirtualFrame;
import com.oracle.truffle.api.nodes.RootNode;
import dev.reprise.tide.language.TideContext;
import dev.reprise.tide.language.TideLanguage;
import dev.reprise.tide.nodes.actors.MessageRootNode;
import dev.reprise.tide.parser.Program;
import dev.reprise.tide.runtime.ActorSystem;
import dev.reprise.tide.runtime.Nil;

/** What evaluating a source runs: a fresh actor system whose main actor runs the program. */
public final class ProgramRootNode extends RootNode {
    // Two workers keep the program concurrent (and racy) even on a small machine.
    private static final int MIN_WORKERS = 2;

    private final Program program;
    private final CallTarget processor;

    /** The root of a parsed program. */
    public ProgramRootNode(TideLanguage language, Program program) {
        super(language);
        this.program = program;
        this.processor = new MessageRootNode(language).getCallTarget();
    }

    @Override
    public Object execute(VirtualFrame frame) {
        TideLanguage language = TideLanguage.get(this);
        int workers = Math.max(MIN_WORKERS, Runtime.getRuntime().availableProcessors());
        new ActorSystem(language, TideContext.get(this), processor, workers).run(program.main());
        return Nil.INSTANCE;
    }

    @Override
    public String getName() {
        return "program";
    }
}
