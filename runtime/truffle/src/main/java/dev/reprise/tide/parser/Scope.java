package dev.reprise.tide.parser;

import com.oracle.truffle.api.frame.FrameDescriptor;
import com.oracle.truffle.api.frame.FrameSlotKind;
import dev.reprise.tide.runtime.Nil;
import java.util.HashMap;
import java.util.Map;

/**
 * A block's variables. Blocks of one function share its frame; a lookup that crosses into an
 * enclosing function counts one more frame to walk out through at run time.
 */
final class Scope {
    /** Per-function state: the frame layout being built and whether {@code return} is allowed. */
    static final class Function {
        final FrameDescriptor.Builder frame = FrameDescriptor.newBuilder().defaultValue(Nil.INSTANCE);
        final boolean allowsReturn;

        Function(boolean allowsReturn) {
            this.allowsReturn = allowsReturn;
        }
    }

    /** Where a variable lives: slot of the frame depth functions out. */
    record Variable(int depth, int slot) {}

    final Scope parent;
    final Function function;
    private final Map<String, Integer> slots = new HashMap<>();

    Scope(Scope parent, Function function) {
        this.parent = parent;
        this.function = function;
    }

    /** Declares a variable in this block; null if the block already has one of that name. */
    Integer declare(String name) {
        if (slots.containsKey(name)) {
            return null;
        }
        int slot = function.frame.addSlot(FrameSlotKind.Object, name, null);
        slots.put(name, slot);
        return slot;
    }

    /** The nearest variable of that name, or null. */
    Variable lookup(String name) {
        int depth = 0;
        for (Scope scope = this; scope != null; scope = scope.parent) {
            Integer slot = scope.slots.get(name);
            if (slot != null) {
                return new Variable(depth, slot);
            }
            if (scope.parent != null && scope.parent.function != scope.function) {
                depth++;
            }
        }
        return null;
    }
}
