package dev.reprise.agent.content;

import java.io.InvalidObjectException;
import java.io.NotSerializableException;
import java.io.Serial;
import java.io.Serializable;
import java.lang.reflect.Constructor;
import java.lang.reflect.Field;
import java.lang.reflect.InaccessibleObjectException;
import java.lang.reflect.Modifier;
import java.lang.reflect.RecordComponent;
import java.util.ArrayList;
import java.util.List;

/**
 * The copy of an object whose class is not {@link Serializable} (a record, a plain class): its
 * class name and its fields' values by name, written in its place in a {@link CopyOutput} and
 * made back into the object by {@link CopyInput}. Field values go through the same stream, so
 * they may be copies too.
 *
 * <p>A record is made again by its canonical constructor, as the program made it; any other
 * class without running a constructor, as Java deserialization does, its fields set one by one.
 */
final class FieldsCopy implements Serializable {
    @Serial
    private static final long serialVersionUID = 1L;

    /** The copied fields of each class, superclasses' first, looked up once per class. */
    private static final ClassValue<Shape> SHAPES = new ClassValue<>() {
        @Override
        protected Shape computeValue(Class<?> type) {
            return Shape.of(type);
        }
    };

    private final String className;
    /** A hash of the fields' declaring classes, names and types: a class changed since is told. */
    private final int shape;

    private final Object[] values;

    private FieldsCopy(String className, int shape, Object[] values) {
        this.className = className;
        this.shape = shape;
        this.values = values;
    }

    /** A class's copied fields, made accessible, and their hash. */
    private record Shape(Field[] fields, int hash) {
        static Shape of(Class<?> type) {
            List<Class<?>> chain = new ArrayList<>();
            for (Class<?> c = type; c != null && c != Object.class; c = c.getSuperclass()) {
                chain.addFirst(c);
            }
            List<Field> fields = new ArrayList<>();
            int hash = 1;
            for (Class<?> c : chain) {
                for (Field f : c.getDeclaredFields()) {
                    if (!Modifier.isStatic(f.getModifiers())) {
                        f.setAccessible(true);
                        fields.add(f);
                        hash = 31 * hash
                                + (c.getName() + "#" + f.getName() + ":"
                                                + f.getType().getName())
                                        .hashCode();
                    }
                }
            }
            return new Shape(fields.toArray(Field[]::new), hash);
        }
    }

    /** Copies {@code o}'s fields, or says why its class cannot be copied. */
    static FieldsCopy of(Object o) throws NotSerializableException {
        Class<?> type = o.getClass();
        if (type.isHidden()) {
            throw new NotSerializableException(
                    type.getName() + " is a lambda or another hidden class, which cannot be made again");
        }
        Shape shape;
        try {
            shape = SHAPES.get(type);
        } catch (InaccessibleObjectException e) {
            throw new NotSerializableException(type.getName() + " is neither Serializable nor open to Reprise ("
                    + type.getModule().getName() + " does not open " + type.getPackageName() + ")");
        }
        Field[] fields = shape.fields();
        Object[] values = new Object[fields.length];
        try {
            for (int i = 0; i < fields.length; i++) {
                values[i] = CopyOutput.ordered(fields[i].get(o));
            }
        } catch (IllegalAccessException e) {
            throw new NotSerializableException(type.getName() + ": " + e.getMessage());
        }
        return new FieldsCopy(type.getName(), shape.hash(), values);
    }

    /** The object again, its class loaded by {@code loader}. */
    Object make(ClassLoader loader) throws InvalidObjectException {
        try {
            Class<?> type = Class.forName(className, false, loader);
            Shape now = SHAPES.get(type);
            if (now.hash() != shape || now.fields().length != values.length) {
                throw new InvalidObjectException(className + "'s fields are not those it had when recorded: the class "
                        + "changed since the recording");
            }
            for (int i = 0; i < values.length; i++) {
                if (values[i] instanceof FieldsCopy) {
                    throw new InvalidObjectException(className + " refers back to itself through field "
                            + now.fields()[i].getName() + ": a cycle of objects that are not Serializable cannot be "
                            + "made again");
                }
            }
            return type.isRecord() ? makeRecord(type, now.fields()) : makeObject(type, now.fields());
        } catch (ReflectiveOperationException | RuntimeException e) {
            InvalidObjectException failure = new InvalidObjectException(className + " cannot be made again: " + e);
            failure.initCause(e);
            throw failure;
        }
    }

    /** A record by its canonical constructor: its components are its fields, taken by name. */
    private Object makeRecord(Class<?> type, Field[] fields) throws ReflectiveOperationException {
        RecordComponent[] components = type.getRecordComponents();
        Class<?>[] types = new Class<?>[components.length];
        Object[] args = new Object[components.length];
        for (int i = 0; i < components.length; i++) {
            types[i] = components[i].getType();
            for (int f = 0; f < fields.length; f++) {
                if (fields[f].getName().equals(components[i].getName())) {
                    args[i] = values[f];
                }
            }
        }
        Constructor<?> canonical = type.getDeclaredConstructor(types);
        canonical.setAccessible(true);
        return canonical.newInstance(args);
    }

    private Object makeObject(Class<?> type, Field[] fields) throws ReflectiveOperationException {
        Object o = Instances.allocate(type);
        for (int i = 0; i < fields.length; i++) {
            fields[i].set(o, values[i]);
        }
        return o;
    }
}
