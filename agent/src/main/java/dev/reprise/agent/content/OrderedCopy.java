package dev.reprise.agent.content;

import java.io.Serial;
import java.io.Serializable;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.Map;
import java.util.Set;

/**
 * The copy of an unmodifiable map or set made by {@code Map.of}, {@code Map.copyOf}, {@code
 * Set.of} and the like, in the order the program iterated it when it was recorded. Their order
 * depends on a salt each JVM draws at start-up, so the JDK's own serialized form would come back
 * iterating in another order; made again as an unmodifiable map or set in the recorded order.
 *
 * @param elements a set's elements, or a map's keys and values in turn
 * @param map whether it was a map
 */
record OrderedCopy(Object[] elements, boolean map) implements Serializable {
    @Serial
    private static final long serialVersionUID = 1L;

    private static final String IMMUTABLE = "java.util.ImmutableCollections$";

    /** Whether {@code o} is one of the JDK's unmodifiable maps or sets, whose order each JVM salts. */
    static boolean applies(Object o) {
        return (o instanceof Map<?, ?> || o instanceof Set<?>)
                && o.getClass().getName().startsWith(IMMUTABLE);
    }

    static OrderedCopy of(Object o) {
        if (o instanceof Map<?, ?> m) {
            Object[] kv = new Object[2 * m.size()];
            int i = 0;
            for (Map.Entry<?, ?> e : m.entrySet()) {
                kv[i++] = e.getKey();
                kv[i++] = e.getValue();
            }
            return new OrderedCopy(kv, true);
        }
        return new OrderedCopy(((Set<?>) o).toArray(), false);
    }

    Object make() {
        if (map) {
            Map<Object, Object> m = new LinkedHashMap<>();
            for (int i = 0; i < elements.length; i += 2) {
                m.put(elements[i], elements[i + 1]);
            }
            return Collections.unmodifiableMap(m);
        }
        return Collections.unmodifiableSet(new LinkedHashSet<>(java.util.Arrays.asList(elements)));
    }
}
