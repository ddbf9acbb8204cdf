package dev.reprise.agent.content;

import java.io.Serial;
import java.io.Serializable;
import java.util.Optional;

/**
 * The copy of an {@link Optional}: common in messages, not {@link Serializable}, and its fields
 * are closed to reflection, so it is copied by what it holds.
 */
record OptionalCopy(Object value) implements Serializable {
    @Serial
    private static final long serialVersionUID = 1L;

    Optional<?> make() {
        return Optional.ofNullable(value);
    }
}
