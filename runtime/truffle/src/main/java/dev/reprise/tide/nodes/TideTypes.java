package dev.reprise.tide.nodes;

import com.oracle.truffle.api.dsl.ImplicitCast;
import com.oracle.truffle.api.dsl.TypeSystem;

/** The primitive types the DSL specialises on; an integer is used where a float is expected. */
@TypeSystem({long.class, double.class, boolean.class})
public abstract class TideTypes {
    /** Integers widen to floats in mixed arithmetic. */
    @ImplicitCast
    public static double castDouble(long value) {
        return value;
    }
}
