package dev.reprise.trace;

/** The {@link Fingerprint} class codes of the program's classes, computed once per class. */
public final class ClassCodes {
    private static final ClassValue<Integer> CODES = new ClassValue<>() {
        @Override
        protected Integer computeValue(Class<?> type) {
            return Fingerprint.classCode(type.getName());
        }
    };

    private ClassCodes() {}

    /** The class code of {@code value}'s class (0 for null). */
    public static int of(Object value) {
        return value == null ? 0 : CODES.get(value.getClass());
    }

    /** The class code of {@code type} (0 for null). */
    public static int ofClass(Class<?> type) {
        return type == null ? 0 : CODES.get(type);
    }
}
