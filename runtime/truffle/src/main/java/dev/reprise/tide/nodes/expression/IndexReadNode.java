package dev.reprise.tide.nodes.expression;

import com.oracle.truffle.api.CompilerDirectives.TruffleBoundary;
import com.oracle.truffle.api.dsl.Fallback;
import com.oracle.truffle.api.dsl.Specialization;
import dev.reprise.tide.nodes.BinaryNode;
import dev.reprise.tide.runtime.TideArray;

/** {@code a[i]}: an array element, or a one-character string of a string. */
public abstract class IndexReadNode extends BinaryNode {
    @Specialization
    protected Object doArray(TideArray array, long index) {
        return array.get(Indexes.check(this, index, array.length()));
    }

    @Specialization
    @TruffleBoundary
    protected String doString(String string, long index) {
        int i = Indexes.check(this, index, string.length());
        return string.substring(i, i + 1);
    }

    @Fallback
    protected Object typeError(Object receiver, Object index) {
        throw OperandErrors.badOperands(this, "[]", receiver, index);
    }
}
