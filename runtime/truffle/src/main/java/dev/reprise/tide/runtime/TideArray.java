package dev.reprise.tide.runtime;

/**
 * A fixed-length mutable array. Arrays belong to one actor: sending one to another actor sends a
 * copy (see {@link Values#passable}).
 */
public final class TideArray {
    private final Object[] elements;

    /** An array holding the given elements (not copied). */
    public TideArray(Object[] elements) {
        this.elements = elements;
    }

    /** The number of elements. */
    public int length() {
        return elements.length;
    }

    /** The element at index i; the caller checks bounds. */
    public Object get(int i) {
        return elements[i];
    }

    /** Replaces the element at index i; the caller checks bounds. */
    public void set(int i, Object value) {
        elements[i] = value;
    }
}
