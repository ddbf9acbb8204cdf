package dev.reprise.tide.runtime;

import com.oracle.truffle.api.interop.InteropLibrary;
import com.oracle.truffle.api.interop.TruffleObject;
import com.oracle.truffle.api.library.ExportLibrary;
import com.oracle.truffle.api.library.ExportMessage;

/**
 * The value {@code nil}: what a function without {@code return} and an unset variable hold. It
 * is also what evaluating a program returns, so it is an interop null.
 */
@ExportLibrary(InteropLibrary.class)
public final class Nil implements TruffleObject {
    /** The only instance. */
    public static final Nil INSTANCE = new Nil();

    private Nil() {}

    @ExportMessage
    boolean isNull() {
        return true;
    }

    @Override
    public String toString() {
        return "nil";
    }
}
