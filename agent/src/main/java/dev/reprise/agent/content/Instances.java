package dev.reprise.agent.content;

import java.lang.reflect.Constructor;
import sun.reflect.ReflectionFactory;

/** Makes an instance of a class without running its constructors, as Java deserialization does. */
final class Instances {
    private static final ClassValue<Constructor<?>> ALLOCATORS = new ClassValue<>() {
        @Override
        protected Constructor<?> computeValue(Class<?> type) {
            try {
                return ReflectionFactory.getReflectionFactory()
                        .newConstructorForSerialization(type, Object.class.getDeclaredConstructor());
            } catch (NoSuchMethodException e) {
                throw new IllegalStateException(e); // Object has its constructor
            }
        }
    };

    private Instances() {}

    static Object allocate(Class<?> type) throws ReflectiveOperationException {
        return ALLOCATORS.get(type).newInstance();
    }
}
