package dev.reprise.tide.nodes;

import com.oracle.truffle.api.dsl.NodeChild;

/** An operator with two operands, evaluated left to right; subclasses specialise on their types. */
@NodeChild("left")
@NodeChild("right")
public abstract class BinaryNode extends TideNode {}
