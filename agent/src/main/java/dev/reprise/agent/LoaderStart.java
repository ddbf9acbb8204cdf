package dev.reprise.agent;

import dev.reprise.agent.context.AgentCopy;
import dev.reprise.agent.flavour.AgentClasses;
import dev.reprise.agent.flavour.Flavour;
import dev.reprise.agent.health.AgentLog;
import dev.reprise.agent.instrumentation.ClassDefiner;
import dev.reprise.agent.instrumentation.JdkHookedAhead;
import dev.reprise.runtime.Recorder;
import java.lang.instrument.ClassFileTransformer;
import java.lang.instrument.Instrumentation;
import java.security.ProtectionDomain;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;
import java.util.WeakHashMap;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;

/**
 * The agent's start when the application's class path has no Akka or Pekko, and class loaders of
 * the application's own load it: Spring Boot's launcher (nested jars), plugins' loaders. The hooks
 * woven into an Akka link to classes through its loader, so the agent's classes must be defined
 * there: this waits for the first class that a loader with an Akka of its own defines (before any
 * of its Akka, Scala or program classes loads), defines a copy of the agent's classes in that loader
 * (renamed for Pekko), starts that copy ({@link RepriseAgent#startInLoader}) and passes that
 * loader's classes, and its children's, to the copy's transformer from then on. Each such loader
 * gets a copy of its own, numbered as they start, all recording to one trace ({@link AgentCopy}).
 * Until the first starts, the JDK is hooked and call sites are pointed as usual ({@link
 * JdkHookedAhead}); a recording's trace is begun at premain and says why nothing was recorded if
 * no Akka ever loads.
 */
final class LoaderStart implements ClassFileTransformer {
    /** How long another thread's class waits for the agent to start in its loader (it then loads unhooked). */
    private static final long START_WAIT_SECONDS = 60;

    private static final String NOT_STARTED = "no Akka or Pekko was loaded, neither on the application's class "
            + "path nor in a class loader of its own (a Spring Boot jar's, a plugin's): " + Flavour.SUPPORTED;

    private final String argument;
    private final Instrumentation inst;
    private final Recorder recorder;
    private final JdkHookedAhead ahead;
    /** The JVM's main thread, which ran premain: the agent may start on another. */
    private final Thread main = Thread.currentThread();
    /** Per loader seen, the flavour whose actor system it defines itself (not its parents), if any. */
    private final Map<ClassLoader, Optional<Flavour>> ownFlavour = Collections.synchronizedMap(new WeakHashMap<>());

    /**
     * The copies, by the loader each started in, in the order they started. Kept for the JVM's life,
     * as the copies' hooks in the trace's other copies are (a plugin's loader is not collected).
     */
    private final Map<ClassLoader, Copy> copies = new LinkedHashMap<>();
    /** What the copies share ({@link AgentCopy}). */
    private final Map<String, Object> shared = new ConcurrentHashMap<>();

    /** The agent's copy in one class loader. */
    private static final class Copy {
        final ClassLoader loader;
        final int number;
        /** The thread that starts it. */
        final Thread starter = Thread.currentThread();

        final CountDownLatch started = new CountDownLatch(1);
        /** The copy's transformer; null until it started, or if it did not. */
        volatile ClassFileTransformer front;

        Copy(ClassLoader loader, int number) {
            this.loader = loader;
            this.number = number;
        }

        /** Its transformer, once started: another thread's class waits for that; the starter's own do not. */
        ClassFileTransformer awaitFront() {
            if (front != null || Thread.currentThread() == starter) {
                return front;
            }
            try {
                if (!started.await(START_WAIT_SECONDS, TimeUnit.SECONDS)) {
                    AgentLog.internalError(
                            "starting the agent in " + loader,
                            new IllegalStateException("not started after " + START_WAIT_SECONDS + " s"));
                }
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
            return front;
        }
    }

    private LoaderStart(String argument, Instrumentation inst, Recorder recorder, JdkHookedAhead ahead) {
        this.argument = argument;
        this.inst = inst;
        this.recorder = recorder;
        this.ahead = ahead;
    }

    /** Waits for the loaders of the application's Akka; {@code recorder}: a recording's trace (null: a replay). */
    static void await(String argument, Instrumentation inst, Recorder recorder, JdkHookedAhead ahead) {
        LoaderStart start = new LoaderStart(argument, inst, recorder, ahead);
        inst.addTransformer(start, false);
        if (recorder != null) {
            recorder.beforeExitClose(start::refuseIfNotStarted);
        } else {
            Runtime.getRuntime().addShutdownHook(new Thread(start::refuseIfNotStarted, "reprise-not-started"));
        }
    }

    private void refuseIfNotStarted() {
        boolean none;
        synchronized (copies) {
            none = copies.isEmpty();
        }
        if (none) {
            AgentLog.warnOnce(
                    "refused", NOT_STARTED + ": this run is not " + (recorder != null ? "recorded" : "replayed"));
            if (recorder != null) {
                recorder.refuse(NOT_STARTED);
            }
        }
    }

    @Override
    public byte[] transform(
            Module module, ClassLoader loader, String name, Class<?> redefined, ProtectionDomain domain, byte[] bytes) {
        if (name == null || name.startsWith(AgentClasses.AGENT)) { // the agent's own copies, as they are defined
            return null;
        }
        byte[] pointed = ahead.pointCallSites(loader, name, bytes);
        ClassFileTransformer f = frontFor(loader, redefined == null);
        if (f == null) {
            return pointed;
        }
        try {
            byte[] transformed =
                    f.transform(module, loader, name, redefined, domain, pointed != null ? pointed : bytes);
            return transformed != null ? transformed : pointed;
        } catch (Throwable e) {
            AgentLog.internalError("instrumenting " + name, e);
            return pointed;
        }
    }

    /**
     * The transformer for a class of {@code loader}: the copy's in it or in its nearest parent that
     * has one; for a first class ({@code defining}) of a loader with an Akka of its own, the copy
     * started there now; else the first copy's, if it started (classes no Akka's loader defines).
     */
    private ClassFileTransformer frontFor(ClassLoader loader, boolean defining) {
        Copy found = null;
        synchronized (copies) {
            for (ClassLoader l = loader; l != null && found == null; l = l.getParent()) {
                found = copies.get(l);
            }
        }
        if (found != null) {
            return found.awaitFront();
        }
        Flavour own = defining && loader != null ? ownFlavour(loader) : null;
        if (own != null) {
            return start(loader, own);
        }
        synchronized (copies) {
            return copies.isEmpty() ? null : copies.values().iterator().next().front;
        }
    }

    /** The flavour whose actor system {@code loader} defines itself, or null. */
    private Flavour ownFlavour(ClassLoader loader) {
        return ownFlavour
                .computeIfAbsent(loader, l -> {
                    Flavour own = Flavour.heldBy(l);
                    ClassLoader parent = l.getParent();
                    boolean inherited = own != null && parent != null && Flavour.heldBy(parent) == own;
                    return Optional.ofNullable(inherited ? null : own);
                })
                .orElse(null);
    }

    /** Defines the agent's classes in {@code loader} and starts them there, once; the first caller does. */
    private ClassFileTransformer start(ClassLoader loader, Flavour flavour) {
        Copy copy;
        synchronized (copies) {
            copy = copies.get(loader);
            if (copy != null) {
                return copy.awaitFront();
            }
            copy = new Copy(loader, copies.size() + 1);
            copies.put(loader, copy);
        }
        long began = System.nanoTime();
        try {
            ahead.awaitHooked();
            ClassDefiner definer = ClassDefiner.open(inst);
            ProtectionDomain agentDomain = LoaderStart.class.getProtectionDomain();
            Class<?> entry = null;
            for (Map.Entry<String, byte[]> c :
                    AgentClasses.inDefinitionOrder(flavour).entrySet()) {
                Class<?> defined = definer.define(c.getKey(), c.getValue(), loader, agentDomain);
                if (c.getKey().equals(RepriseAgent.class.getName())) {
                    entry = defined;
                }
            }
            if (entry == null) {
                throw new IllegalStateException(RepriseAgent.class.getName() + " is missing from the agent");
            }
            copy.front = (ClassFileTransformer) entry.getMethod(
                            "startInLoader",
                            String.class,
                            Instrumentation.class,
                            String.class,
                            Recorder.class,
                            Thread.class,
                            int.class,
                            Map.class)
                    .invoke(null, argument, inst, flavour.name(), recorder, main, copy.number, shared);
            AgentLog.info(flavour.title + " loads in " + loader + ": the agent started there (copy " + copy.number
                    + ", on thread " + Thread.currentThread().getName() + ") in "
                    + (System.nanoTime() - began) / 1_000_000 + " ms");
        } catch (Throwable e) {
            Throwable cause = e instanceof java.lang.reflect.InvocationTargetException i ? i.getCause() : e;
            String why = "starting the agent in " + loader + ", a class loader of the application's " + flavour.title
                    + (cause instanceof NoClassDefFoundError
                            ? " (whose parents do not reach the agent's jar on the application class path)"
                            : "");
            AgentLog.internalError(why + "; its actors are not recorded", cause);
            if (recorder != null && copy.number == 1) {
                recorder.refuse("the agent could not start in " + loader + ", the class loader of the application's "
                        + flavour.title + ": " + cause);
            }
        } finally {
            copy.started.countDown();
        }
        return copy.front;
    }
}
