package dev.reprise.tide.nodes.expression;

import com.oracle.truffle.api.dsl.Fallback;
import com.oracle.truffle.api.dsl.NodeChild;
import com.oracle.truffle.api.dsl.Specialization;
import dev.reprise.tide.nodes.TideNode;
import dev.reprise.tide.runtime.TideArray;

/** {@code a[i] = v}; its value is v. */
@NodeChild("array")
@NodeChild("index")
@NodeChild("value")
public abstract class IndexWriteNode extends TideNode {
    @Specialization
    protected Object doArray(TideArray array, long index, Object value) {
        array.set(Indexes.check(this, index, array.length()), value);
        return value;
    }

    @Fallback
    protected Object typeError(Object array, Object index, Object value) {
        throw OperandErrors.badOperands(this, "[]=", array, index);
    }
}
