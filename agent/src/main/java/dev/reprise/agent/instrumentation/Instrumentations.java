package dev.reprise.agent.instrumentation;

import dev.reprise.agent.context.ContextTasks;
import dev.reprise.agent.context.SourceCalls;
import dev.reprise.agent.health.AgentHealth;
import dev.reprise.agent.health.AgentLog;
import java.io.InputStream;
import java.lang.instrument.ClassFileTransformer;
import java.lang.instrument.Instrumentation;
import java.nio.file.Path;
import java.security.ProtectionDomain;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.function.Predicate;
import java.util.stream.Collectors;
import net.bytebuddy.agent.builder.AgentBuilder;

/**
 * Installs every instrumentation; must run before any Akka or Scala class loads.
 *
 * <p>Start-up matters (a service with large libraries loads thousands of classes): ByteBuddy only
 * sees the few Akka and Scala types that are instrumented, picked by name ({@link #TYPES}), without
 * its {@code AgentBuilder} ({@link TypeTransformations}), and its results are cached between runs
 * ({@link TransformCache}); the JDK's clock and random types are hooked with plain ASM
 * ({@link JdkHooks}); every other class costs one set look-up and, within the include and exclude
 * scope, a walk over its constant pool ({@link CallSites}).
 */
public final class Instrumentations {
    private Instrumentations() {}

    /**
     * Every type the Akka and Scala instrumentations match, by binary name, in the order Akka loads
     * them: only these reach ByteBuddy. {@code InstrumentationsTest} checks that the list and the
     * instrumentations agree.
     */
    static final List<String> TYPES = List.of("akka.actor.ActorRef", "akka.actor.ActorSystemImpl",
            "akka.actor.LocalActorRefProvider", "akka.dispatch.MonitorableThreadFactory$AkkaForkJoinWorkerThread",
            "scala.util.Success", "scala.util.Failure", "akka.actor.LightArrayRevolverScheduler",
            "akka.actor.RepointableActorRef", "akka.actor.ActorCell$", "scala.concurrent.impl.Promise$DefaultPromise",
            "scala.concurrent.impl.Promise$Transformation", "akka.actor.dungeon.Children", "akka.actor.ActorCell",
            "akka.dispatch.Dispatcher", "akka.dispatch.Envelope", "akka.actor.UnstartedCell", "akka.pattern.PromiseActorRef",
            "akka.pattern.PromiseActorRef$", "scala.concurrent.java8.FuturesConvertersImpl$CF",
            "scala.concurrent.impl.FutureConvertersImpl$CF", "akka.dispatch.BalancingDispatcher");

    /** How long loading an Akka class waits for the instrumentation to be ready before it loads unchanged. */
    private static final long READY_TIMEOUT_SECONDS = 60;
    /** The recorder's JMX bean is registered this long after the start (JMX is slow to start: not while the application does). */
    private static final long BACKGROUND_DELAY_MILLIS = 3000;

    /**
     * Installs the instrumentation. {@code callSitesIn} filters the classes whose calls to
     * {@code System.currentTimeMillis}/{@code nanoTime} are recorded (include and exclude).
     *
     * <p>Start-up: the transformers are registered at once, but the work is done on a thread of
     * its own, {@code reprise-init}, while the application starts: it hooks the JDK's clock and
     * random classes, then instruments the Akka and Scala types ahead of their loading, from the
     * system class loader's class path (from the cache, or with ByteBuddy: a few hundred classes
     * to load on first use). An Akka class that loads before the JDK is hooked waits for it; one
     * being instrumented ahead waits for that. {@code later} runs on that thread a few seconds
     * later (e.g. registering the JMX bean).
     */
    public static void install(Instrumentation inst, Predicate<String> callSitesIn, boolean replay, Path cache, Runnable later) {
        boolean bridge = Bridge.install(inst);
        CallSites callSites = bridge ? new CallSites(callSitesIn) : null;
        Front front = new Front(internalNames(TYPES), callSites, replay, TransformCache.open(cache, replay));
        inst.addTransformer(front, false);
        long start = System.nanoTime();
        Thread init = new Thread(() -> {
            if (bridge) {
                try {
                    hookJdk(inst);
                } catch (Throwable e) {
                    AgentLog.internalError("hooking the JDK's clock and random generators (they are not recorded)", e);
                }
            }
            front.ready();
            AgentLog.debug("clock and random hooked in " + (System.nanoTime() - start) / 1_000_000 + " ms");
            front.prepare();
            AgentLog.debug("Akka and Scala types instrumented ahead in " + (System.nanoTime() - start) / 1_000_000 + " ms");
            if (later != null) {
                try {
                    Thread.sleep(BACKGROUND_DELAY_MILLIS);
                    later.run();
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                } catch (Throwable e) {
                    AgentLog.internalError("starting the agent", e);
                }
            }
        }, "reprise-init");
        init.setDaemon(true);
        front.initThread = init;
        init.start();
    }

    /** Hooks the JDK's clock and random classes: those to come as they load, those loaded now again. */
    private static void hookJdk(Instrumentation inst) throws Exception {
        // Loaded before the transformer that uses it is registered: else its own loading would call it.
        JdkHooks.hooks("java/util/Random");
        // Every named type is loaded before the transformer comes, then retransformed: a type that
        // loaded under the transformer could need itself while being transformed (the transformer's
        // own code may reach ThreadLocalRandom, hence Random: a ClassCircularityError). Loading each
        // by name also waits for a definition another thread has under way.
        Set<String> present = new java.util.HashSet<>();
        for (String name : JdkHooks.NAMED_TYPES) {
            try {
                Class.forName(name.replace('/', '.'), false, null);
                present.add(name);
            } catch (ClassNotFoundException | LinkageError e) {
                // not in this JDK
            }
        }
        JdkHookTally tally = new JdkHookTally();
        inst.addTransformer(new JdkFront(tally), true);
        List<Class<?>> loaded = new ArrayList<>();
        for (Class<?> c : inst.getAllLoadedClasses()) {
            if (JdkHooks.hooks(c.getName().replace('.', '/')) && inst.isModifiableClass(c)) {
                loaded.add(c);
            }
        }
        if (!loaded.isEmpty()) {
            inst.retransformClasses(loaded.toArray(new Class<?>[0]));
        }
        for (String missing : JdkHooks.unmatched(tally)) {
            int dot = missing.lastIndexOf('.');
            AgentHealth.hookMissing(missing.substring(0, dot), missing.substring(dot + 1));
        }
        // A program that returns at once may exit while this thread retransforms: the JVM then
        // stops passing classes to transformers, and nothing is wrong with the JDK or the agent.
        List<String> unread = tally.unread(present);
        if (!unread.isEmpty() && !jvmShuttingDown()) {
            AgentLog.internalError("hooking the JDK's clock and random generators", new IllegalStateException(
                    "the JVM did not pass " + String.join(", ", unread).replace('/', '.') + " to the agent when retransformed"));
        }
        SourceCalls.install();
        ContextTasks.install();
    }

    /** Every Akka and Scala instrumentation, on {@code agent}. */
    static AgentBuilder akka(AgentBuilder agent, boolean replay) {
        agent = EnvelopeInstrumentation.apply(agent);
        agent = ActorCellInstrumentation.apply(agent);
        agent = ActorRefInstrumentation.apply(agent);
        agent = CreationInstrumentation.apply(agent);
        agent = SchedulerInstrumentation.apply(agent);
        agent = ScalaPromiseInstrumentation.apply(agent);
        agent = StageInstrumentation.apply(agent);
        agent = ThreadsInstrumentation.apply(agent);
        agent = AkkaInternalCallsInstrumentation.apply(agent);
        if (replay) {
            agent = ReplayMailboxInstrumentation.apply(agent);
        }
        return agent;
    }

    private static Set<String> internalNames(List<String> names) {
        return names.stream().map(n -> n.replace('.', '/')).collect(Collectors.toUnmodifiableSet());
    }

    /** Classes as they load: the listed Akka and Scala types to ByteBuddy, application classes to {@link CallSites}. */
    private static final class Front implements ClassFileTransformer {
        private final Set<String> types;
        private final CallSites callSites;
        private final CountDownLatch ready = new CountDownLatch(1);
        private final boolean replay;
        private final TransformCache cache;
        private final AkkaVersion akkaVersion = new AkkaVersion();
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

        Front(Set<String> types, CallSites callSites, boolean replay, TransformCache cache) {
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
            Object paused = SourceCalls.pause();
            try {
                if (!akkaVersion.allows(loader, name)) {
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
                SourceCalls.resume(paused);
            }
        }

        /** Instruments the listed types that the system class loader can find, before they load. */
        void prepare() {
            ClassLoader system = ClassLoader.getSystemClassLoader();
            for (String type : TYPES) {
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
        public byte[] transform(Module module, ClassLoader loader, String name, Class<?> redefined,
                                ProtectionDomain domain, byte[] bytes) {
            if (name == null || redefined != null) {
                return null;
            }
            if (types.contains(name)) {
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
                        return done[1];
                    }
                }
                mine.complete(null);
                awaitReady(name);
                try {
                    return instrument(module, loader, name, domain, bytes);
                } catch (Throwable e) {
                    AgentLog.internalError("instrumenting " + name, e);
                    return null;
                }
            }
            try {
                return callSites == null ? null : callSites.transform(loader, name, bytes);
            } catch (Throwable e) {
                AgentLog.internalError("instrumenting " + name, e);
                return null;
            }
        }

        private void awaitReady(String name) {
            if (ready.getCount() > 0 && Thread.currentThread() != initThread) {
                long start = System.nanoTime();
                try {
                    if (!ready.await(READY_TIMEOUT_SECONDS, TimeUnit.SECONDS)) {
                        AgentLog.internalError("instrumenting " + name, new IllegalStateException(
                                "the instrumentation was not ready after " + READY_TIMEOUT_SECONDS + " s"));
                    }
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                }
                AgentLog.debug(name + " waited " + (System.nanoTime() - start) / 1_000_000 + " ms for the instrumentation");
            }
        }
    }

    /** The JDK's clock and random types, as they load and when retransformed. */
    /** Whether the JVM has begun to exit (its shutdown hooks are running or have run). */
    private static boolean jvmShuttingDown() {
        Thread probe = new Thread(() -> { });
        try {
            Runtime.getRuntime().addShutdownHook(probe);
            Runtime.getRuntime().removeShutdownHook(probe);
            return false;
        } catch (IllegalStateException e) {
            return true;
        }
    }

    private static final class JdkFront implements ClassFileTransformer {
        private final JdkHookTally tally;

        JdkFront(JdkHookTally tally) {
            this.tally = tally;
        }

        @Override
        public byte[] transform(Module module, ClassLoader loader, String name, Class<?> redefined,
                                ProtectionDomain domain, byte[] bytes) {
            if (!JdkHooks.hooks(name)) {
                return null;
            }
            Object paused = SourceCalls.pause();
            try {
                return JdkHooks.transform(name, bytes, tally);
            } catch (Throwable e) {
                AgentLog.internalError("instrumenting " + name, e);
                return null;
            } finally {
                SourceCalls.resume(paused);
            }
        }
    }
}
