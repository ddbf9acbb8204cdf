package dev.reprise.tide.trace;

import com.oracle.truffle.api.dsl.Introspectable;
import com.oracle.truffle.api.dsl.Specialization;
import com.oracle.truffle.api.nodes.Node;
import dev.reprise.trace.EventBuffer;

/**
 * How many bytes an id takes in the trace, as a self-specialising node: it starts at one byte and
 * widens (each wider specialisation replacing the narrower one, so compiled code deoptimises once
 * per widening) as the ids it sees grow past 255, 65,535 and 2^24 - 1. After widening it keeps
 * writing the smaller ids at the wider width, which the trace format allows (each id carries its
 * width code). In compiled code the width is a constant.
 */
@Introspectable
public abstract class IdWidthNode extends Node {
    /** The width to pass to {@link EventBuffer}'s width-taking appends for {@code id} (non-negative). */
    public abstract int execute(long id);

    @Specialization(guards = "id <= 0xFF")
    static int oneByte(long id) {
        return 1;
    }

    @Specialization(guards = "id <= 0xFFFF", replaces = "oneByte")
    static int twoBytes(long id) {
        return 2;
    }

    @Specialization(guards = "id <= 0xFFFFFF", replaces = "twoBytes")
    static int threeBytes(long id) {
        return 3;
    }

    @Specialization(replaces = "threeBytes")
    static int anyWidth(long id) {
        return EventBuffer.ANY_WIDTH;
    }

    /** A new node, at its narrowest. */
    public static IdWidthNode create() {
        return IdWidthNodeGen.create();
    }
}
