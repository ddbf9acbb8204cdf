package dev.reprise.agent.content;

import akka.actor.ActorRef;
import akka.actor.EmptyLocalActorRef;
import dev.reprise.agent.actor.Creations;
import dev.reprise.agent.flavour.Flavour;
import dev.reprise.agent.io.StandInRegistration;
import java.io.IOException;
import java.io.InputStream;
import java.io.ObjectInputStream;
import java.io.ObjectStreamClass;
import java.util.function.LongFunction;

/**
 * Reads what {@link CopyOutput} wrote: the program's classes from the actor system's class loader
 * (not the agent's), and each copy made back into its object. Actor refs (classic or typed) come
 * back by their path; those whose path names no actor of the system are counted, as when the
 * actor they name is not made yet.
 */
final class CopyInput extends ObjectInputStream {
    private static final String TYPED_REF = Flavour.current().type("akka.actor.typed.internal.adapter.ActorRefAdapter");
    private final ClassLoader loader;
    private final LongFunction<ActorRef> refById;
    /** How many actor refs in the message name an actor this system does not have (yet). */
    int unresolvedRefs;

    CopyInput(InputStream in, ClassLoader loader, LongFunction<ActorRef> refById) throws IOException {
        super(in);
        this.loader = loader;
        this.refById = refById;
        enableResolveObject(true);
    }

    @Override
    protected Class<?> resolveClass(ObjectStreamClass desc) throws IOException, ClassNotFoundException {
        String name = desc.getName();
        if (name.equals(FieldsCopy.class.getName())) {
            return FieldsCopy.class;
        }
        if (name.equals(StandInRegistration.class.getName())) {
            return StandInRegistration.class;
        }
        if (name.equals(OptionalCopy.class.getName())) {
            return OptionalCopy.class;
        }
        if (name.equals(OrderedCopy.class.getName())) {
            return OrderedCopy.class;
        }
        try {
            return Class.forName(name, false, loader);
        } catch (ClassNotFoundException e) {
            return super.resolveClass(desc); // primitives, and classes only the agent's loader sees
        }
    }

    @Override
    protected Object resolveObject(Object o) throws IOException {
        if (o instanceof FieldsCopy copy) {
            return copy.make(loader);
        }
        if (o instanceof OptionalCopy copy) {
            return copy.make();
        }
        if (o instanceof OrderedCopy copy) {
            return copy.make();
        }
        if (o instanceof EmptyLocalActorRef empty) {
            return found(empty);
        }
        if (o != null && o.getClass().getName().equals(TYPED_REF) && classicOf(o) instanceof EmptyLocalActorRef empty) {
            Object found = found(empty);
            return found == empty ? o : typed((ActorRef) found, o);
        }
        return o;
    }

    /**
     * The live temp actor that a ref's path alone does not find: an ask's temp actor is registered
     * under its path only once something asks for its path, which a replay need not do, and its
     * name holds its id ({@link Creations#tempName}). Else the ref, counted as unresolved.
     */
    private Object found(EmptyLocalActorRef empty) {
        long id = Creations.tempId(empty.path().name());
        ActorRef live = id < 0 ? null : refById.apply(id);
        if (live != null && live.path().equals(empty.path())) {
            return live;
        }
        unresolvedRefs++;
        return empty;
    }

    private static Object classicOf(Object typedRef) {
        try {
            return typedRef.getClass().getMethod("classicRef").invoke(typedRef);
        } catch (ReflectiveOperationException | RuntimeException e) {
            return null;
        }
    }

    /** {@code classic} adapted as Akka Typed adapts a classic ref, or {@code fallback} if it cannot be. */
    private static Object typed(ActorRef classic, Object fallback) {
        try {
            return fallback.getClass().getMethod("apply", ActorRef.class).invoke(null, classic);
        } catch (ReflectiveOperationException | RuntimeException e) {
            return fallback;
        }
    }
}
