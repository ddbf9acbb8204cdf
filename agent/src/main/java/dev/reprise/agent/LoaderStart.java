package dev.reprise.agent;

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
import java.util.Map;
import java.util.Optional;
import java.util.WeakHashMap;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;

/**
 * The agent's start when the application's class path has no Akka or Pekko, and a class loader of
 * the application's own loads it: Spring Boot's launcher (nested jars), a plugin's loader. The
 * hooks woven into that Akka link to classes through its loader, so the agent's classes must be
 * defined there: this waits for the first class that a loader with an Akka of its own defines
 * (before any of its Akka, Scala or program classes loads), defines a second copy of the agent's
 * classes in that loader (renamed for Pekko), starts that copy ({@link
 * RepriseAgent#startInLoader}) and passes every class to its transformer from then on. Until
 * then the JDK is hooked and call sites are pointed as usual ({@link JdkHookedAhead}); a
 * recording's trace is begun at premain and says why nothing was recorded if no Akka ever
 * loads. One loader's Akka is recorded: another's is said and counted as the agent does for an
 * Akka outside the loader it links to ({@code notCovered.otherClassLoader}).
 */
final class LoaderStart implements ClassFileTransformer {
    /** How long another thread's class waits for the agent to start in the loader (it then loads unhooked). */
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

    /** The loader the agent starts in, set once by the thread that starts it there. */
    private volatile ClassLoader akkaLoader;

    private final AtomicBoolean starting = new AtomicBoolean();
    private final CountDownLatch started = new CountDownLatch(1);
    /** The started copy's transformer; null until then, or if it did not start. */
    private volatile ClassFileTransformer front;

    private LoaderStart(String argument, Instrumentation inst, Recorder recorder, JdkHookedAhead ahead) {
        this.argument = argument;
        this.inst = inst;
        this.recorder = recorder;
        this.ahead = ahead;
    }

    /** Waits for the loader of the application's Akka; {@code recorder}: a recording's trace (null: a replay). */
    static void await(String argument, Instrumentation inst, Recorder recorder, JdkHookedAhead ahead) {
        LoaderStart start = new LoaderStart(argument, inst, recorder, ahead);
        inst.addTransformer(start, false);
        if (recorder != null) {
            recorder.beforeExitClose(start::refuseIfNotStarted); // the copy replaces it when it starts
        } else {
            Runtime.getRuntime().addShutdownHook(new Thread(start::refuseIfNotStarted, "reprise-not-started"));
        }
    }

    private void refuseIfNotStarted() {
        if (!starting.get()) {
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
        if (name == null || name.startsWith("dev/reprise/")) { // the agent's own copy, as it is defined
            return null;
        }
        byte[] pointed = ahead.pointCallSites(loader, name, bytes);
        ClassFileTransformer f = front;
        if (f == null && redefined == null && loader != null) {
            if (loader == akkaLoader) { // another thread's, while the agent starts there
                f = awaitStart();
            } else if (akkaLoader == null) {
                f = startIfOwnAkka(loader);
            }
        }
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

    /** The started copy's transformer if {@code loader} has an Akka of its own, else null. */
    private ClassFileTransformer startIfOwnAkka(ClassLoader loader) {
        Flavour own = ownFlavour(loader);
        return own == null ? null : start(loader, own);
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

    private ClassFileTransformer awaitStart() {
        try {
            if (!started.await(START_WAIT_SECONDS, TimeUnit.SECONDS)) {
                AgentLog.internalError(
                        "starting the agent in the class loader of the application's Akka",
                        new IllegalStateException("not started after " + START_WAIT_SECONDS + " s"));
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        return front;
    }

    /** Defines the agent's classes in {@code loader} and starts them there, once; the first caller does. */
    private ClassFileTransformer start(ClassLoader loader, Flavour flavour) {
        if (!starting.compareAndSet(false, true)) {
            return loader == akkaLoader ? awaitStart() : null;
        }
        akkaLoader = loader;
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
            front = (ClassFileTransformer) entry.getMethod(
                            "startInLoader",
                            String.class,
                            Instrumentation.class,
                            String.class,
                            Recorder.class,
                            Thread.class)
                    .invoke(null, argument, inst, flavour.name(), recorder, main);
            AgentLog.info(flavour.title + " loads in " + loader + ": the agent started there in "
                    + (System.nanoTime() - began) / 1_000_000 + " ms");
        } catch (Throwable e) {
            String why = "starting the agent in " + loader + ", the class loader of the application's " + flavour.title;
            AgentLog.internalError(why + " (nothing is recorded)", e);
            if (recorder != null) {
                recorder.refuse("the agent could not start in " + loader + ", the class loader of the application's "
                        + flavour.title + ": " + e);
            }
        } finally {
            started.countDown();
        }
        return front;
    }
}
