package dev.reprise.agent.instrumentation;

import dev.reprise.agent.actor.RepriseState;
import net.bytebuddy.dynamic.DynamicType;

/** Adds the {@link RepriseState} field and accessors to a class as it loads. */
final class StateField {
    private StateField() {}

    private static final AddedField FIELD =
            new AddedField(RepriseState.FIELD, Object.class, RepriseState.class, RepriseState.FIELD);

    static DynamicType.Builder<?> add(DynamicType.Builder<?> builder) {
        return builder.visit(FIELD);
    }
}
