package dev.reprise.agent.instrumentation;

import dev.reprise.agent.context.SystemCalls;
import dev.reprise.agent.flavour.Flavour;
import dev.reprise.agent.health.AgentHealth;
import dev.reprise.agent.health.AgentLog;
import dev.reprise.agent.health.NotCovered;
import java.io.InputStream;
import java.lang.instrument.ClassFileTransformer;
import java.security.ProtectionDomain;
import java.util.Arrays;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;

/**
 * Classes as they load: the listed Akka and Scala types to ByteBuddy, application classes to {@link CallSites}.
 * Installed by {@link Instrumentations#install}; its work ahead of loading runs on {@code reprise-init}.
 */
final class LoadTimeTransformer implements ClassFileTransformer {
    /** How long loading an Akka class waits for the instrumentation to be ready before it loads unchanged. */
    private static final long READY_TIMEOUT_SECONDS = 60;

    /** The loader of the agent's own classes, whose Akka and Scala they link to: the only one whose types are hooked. */
    private static final ClassLoader AGENT_LOADER = LoadTimeTransformer.class.getClassLoader();

    private final Set<String> types;
    private final CallSites callSites;
    private final CountDownLatch ready = new CountDownLatch(1);
    private final boolean replay;
    private final TransformCache cache;
    private final FlavourVersion flavourVersion = new FlavourVersion();
    /** Set up on first need (not at all when every type is in the cache). */
    private volatile TypeTransformations akka;

    private volatile boolean akkaFailed;
    volatile Thread initThread;
    /**
     * Each listed type is instrumented once, by the first to claim it: {@link #prepare} ahead of
     * time from the system class loader's class path (the class file it used, and the result,
     * null for unchanged), or the thread that loads it (its claim holds null).
     */
    private final Map<String, CompletableFuture<byte[][]>> claims = new ConcurrentHashMap<>();

    LoadTimeTransformer(Set<String> types, CallSites callSites, boolean replay, TransformCache cache) {
        this.types = types;
        this.callSites = callSites;
        this.replay = replay;
        this.cache = cache;
    }

    /** The JDK's clock and random classes are hooked: Akka's may load. */
    void ready() {
        ready.countDown();
    }

    private TypeTransformations akka() {
        TypeTransformations t = akka;
        if (t == null && !akkaFailed) {
            synchronized (this) {
                t = akka;
                if (t == null && !akkaFailed) {
                    try {
                        akka = t = new TypeTransformations(agent -> Instrumentations.akka(agent, replay));
                    } catch (Throwable e) {
                        akkaFailed = true;
                        AgentLog.internalError("setting up the Akka instrumentation (nothing is recorded)", e);
                    }
                }
            }
        }
        return t;
    }

    /**
     * {@code bytes} instrumented (null: unchanged), from the cache when it has them. Whatever
     * ByteBuddy or the cache do here is the agent's, not the application's: the clock and
     * random hooks are paused (this may run in a turn, when a class first loads there).
     */
    private byte[] instrument(Module module, ClassLoader loader, String name, ProtectionDomain domain, byte[] bytes) {
        Object paused = SystemCalls.pause();
        try {
            if (!flavourVersion.allows(loader, name)) {
                return null;
            }
            byte[] cached = cache == null ? null : cache.get(name, bytes);
            if (cached != null) {
                return cached.length == 0 ? null : cached;
            }
            TypeTransformations t = akka();
            if (t == null) {
                return null;
            }
            TypeTransformations.Result r = t.transform(module, loader, name, domain, bytes);
            for (String method : r.missingHooks()) {
                AgentHealth.hookMissing(name.replace('/', '.'), method);
            }
            // Only complete results are kept: a later run checks the hooks again, and says so again.
            if (cache != null && r.decorated() && r.missingHooks().isEmpty()) {
                cache.put(name, bytes, r.bytes() == null ? TransformCache.UNCHANGED : r.bytes());
            }
            return r.bytes();
        } finally {
            SystemCalls.resume(paused);
        }
    }

    /** Instruments the listed types that the system class loader can find, before they load. */
    void prepare() {
        ClassLoader system = ClassLoader.getSystemClassLoader();
        for (String type : HookedTypes.ALL) {
            String name = type.replace('.', '/');
            CompletableFuture<byte[][]> claim = new CompletableFuture<>();
            if (claims.putIfAbsent(name, claim) != null) {
                continue;
            }
            byte[][] done = null;
            try (InputStream in = system.getResourceAsStream(name + ".class")) {
                if (in != null) {
                    byte[] bytes = in.readAllBytes();
                    done = new byte[][] {bytes, instrument(system.getUnnamedModule(), system, name, null, bytes)};
                }
            } catch (Throwable e) {
                AgentLog.debug("could not instrument " + type + " ahead: " + e);
            } finally {
                claim.complete(done);
            }
        }
    }

    @Override
    public byte[] transform(
            Module module, ClassLoader loader, String name, Class<?> redefined, ProtectionDomain domain, byte[] bytes) {
        if (name == null || redefined != null) {
            return null;
        }
        if (!types.contains(name)) {
            return withCallSites(loader, name, null, bytes);
        }
        if (loader != AGENT_LOADER) { // another Akka or Scala than the agent links to
            if (Flavour.current().owns(name)) {
                NotCovered.otherClassLoader(loader, name.replace('/', '.'));
            }
            return withCallSites(loader, name, null, bytes);
        }
        CompletableFuture<byte[][]> mine = new CompletableFuture<>();
        CompletableFuture<byte[][]> ahead = claims.putIfAbsent(name, mine);
        if (ahead != null && Thread.currentThread() != initThread) {
            byte[][] done = null;
            try {
                done = ahead.get(READY_TIMEOUT_SECONDS, TimeUnit.SECONDS);
            } catch (Exception e) {
                AgentLog.debug("instrumenting " + name + " ahead did not finish: " + e);
            }
            if (done != null && loader == ClassLoader.getSystemClassLoader() && Arrays.equals(done[0], bytes)) {
                return withCallSites(loader, name, done[1], bytes);
            }
        }
        mine.complete(null);
        awaitReady(name);
        try {
            return withCallSites(loader, name, instrument(module, loader, name, domain, bytes), bytes);
        } catch (Throwable e) {
            AgentLog.internalError("instrumenting " + name, e);
            return null;
        }
    }

    /**
     * The class's bytes with its clock calls pointed at the agent where the include and exclude
     * scope records them ({@link CallSites}): a hooked type's too (Akka HTTP's and Akka Streams'
     * read the clock). {@code instrumented}: the hooked type's new bytes, or null if unchanged.
     */
    private byte[] withCallSites(ClassLoader loader, String name, byte[] instrumented, byte[] original) {
        try {
            byte[] pointed = callSites == null
                    ? null
                    : callSites.transform(loader, name, instrumented != null ? instrumented : original);
            return pointed != null ? pointed : instrumented;
        } catch (Throwable e) {
            AgentLog.internalError("instrumenting " + name, e);
            return instrumented;
        }
    }

    private void awaitReady(String name) {
        if (ready.getCount() > 0 && Thread.currentThread() != initThread) {
            long start = System.nanoTime();
            try {
                if (!ready.await(READY_TIMEOUT_SECONDS, TimeUnit.SECONDS)) {
                    AgentLog.internalError(
                            "instrumenting " + name,
                            new IllegalStateException(
                                    "the instrumentation was not ready after " + READY_TIMEOUT_SECONDS + " s"));
                }
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
            AgentLog.debug(name + " waited " + (System.nanoTime() - start) / 1_000_000 + " ms for the instrumentation");
        }
    }
}
