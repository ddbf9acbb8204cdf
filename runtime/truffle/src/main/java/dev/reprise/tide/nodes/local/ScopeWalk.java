package dev.reprise.tide.nodes.local;

import com.oracle.truffle.api.frame.Frame;
import com.oracle.truffle.api.nodes.ExplodeLoop;

/** Finds the frame of a variable declared depth functions out, through each frame's argument 0. */
final class ScopeWalk {
    private ScopeWalk() {}

    // depth is a node constant, so the compiler unrolls the walk.
    @ExplodeLoop
    static Frame frameAt(Frame frame, int depth) {
        Frame current = frame;
        for (int i = 0; i < depth; i++) {
            current = (Frame) current.getArguments()[0];
        }
        return current;
    }
}
