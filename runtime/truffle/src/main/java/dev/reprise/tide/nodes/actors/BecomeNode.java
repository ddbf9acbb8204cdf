package dev.reprise.tide.nodes.actors;

import com.oracle.truffle.api.CompilerDirectives.TruffleBoundary;
import com.oracle.truffle.api.frame.VirtualFrame;
import com.oracle.truffle.api.nodes.ExplodeLoop;
import dev.reprise.tide.nodes.TideNode;
import dev.reprise.tide.runtime.Closure;
import dev.reprise.tide.runtime.Nil;
import java.util.HashMap;
import java.util.Map;

/**
 * Ends an actor body: the body's {@code def}s become the actor's methods. They are closures over
 * the body's frame, which is how the actor's state stays reachable to them and nobody else.
 */
public final class BecomeNode extends TideNode {
    private final String[] names;
    private final int[] slots;

    /** Installs the closures in the given slots under the given names. */
    public BecomeNode(String[] names, int[] slots) {
        this.names = names;
        this.slots = slots;
    }

    @Override
    @ExplodeLoop
    public Object executeGeneric(VirtualFrame frame) {
        Closure[] methods = new Closure[slots.length];
        for (int i = 0; i < slots.length; i++) {
            methods[i] = (Closure) frame.getObject(slots[i]);
        }
        install(methods);
        return Nil.INSTANCE;
    }

    @TruffleBoundary
    private void install(Closure[] methods) {
        Map<String, Closure> table = new HashMap<>();
        for (int i = 0; i < methods.length; i++) {
            table.put(names[i], methods[i]);
        }
        CurrentActor.of(this).become(table);
    }
}
