package dev.reprise.agent.instrumentation;

import dev.reprise.agent.RepriseState;
import net.bytebuddy.description.modifier.Visibility;
import net.bytebuddy.dynamic.DynamicType;
import net.bytebuddy.implementation.FieldAccessor;

/** Adds the {@link RepriseState} field and accessors to a class as it loads. */
final class StateField {
    private StateField() {}

    static DynamicType.Builder<?> add(DynamicType.Builder<?> builder) {
        return builder.defineField(RepriseState.FIELD, Object.class, Visibility.PRIVATE)
                .implement(RepriseState.class)
                .intercept(FieldAccessor.ofField(RepriseState.FIELD));
    }
}
