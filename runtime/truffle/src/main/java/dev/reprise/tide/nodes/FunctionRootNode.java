package dev.reprise.tide.nodes;

import com.oracle.truffle.api.frame.FrameDescriptor;
import com.oracle.truffle.api.frame.VirtualFrame;
import com.oracle.truffle.api.nodes.ExplodeLoop;
import com.oracle.truffle.api.nodes.RootNode;
import com.oracle.truffle.api.source.SourceSection;
import dev.reprise.tide.language.TideLanguage;
import dev.reprise.tide.nodes.controlflow.ReturnException;
import dev.reprise.tide.runtime.Nil;

/**
 * The code of a function, method or actor body. Argument 0 is the enclosing scope, the others
 * are copied into the parameters' frame slots.
 */
public final class FunctionRootNode extends RootNode {
    private final String name;

    @Child
    private TideNode body;

    private final int parameterCount;
    private final SourceSection section;

    /** A function whose parameters occupy the first parameterCount slots of its frame. */
    public FunctionRootNode(
            TideLanguage language,
            FrameDescriptor frame,
            TideNode body,
            String name,
            int parameterCount,
            SourceSection section) {
        super(language, frame);
        this.body = body;
        this.name = name;
        this.parameterCount = parameterCount;
        this.section = section;
    }

    @Override
    public SourceSection getSourceSection() {
        return section;
    }

    @Override
    public Object execute(VirtualFrame frame) {
        copyArguments(frame);
        try {
            body.executeGeneric(frame);
            return Nil.INSTANCE;
        } catch (ReturnException result) {
            return result.value();
        }
    }

    @ExplodeLoop
    private void copyArguments(VirtualFrame frame) {
        Object[] arguments = frame.getArguments();
        for (int i = 0; i < parameterCount; i++) {
            frame.setObject(i, arguments[i + 1]);
        }
    }

    @Override
    public String getName() {
        return name;
    }

    @Override
    public String toString() {
        return name;
    }
}
