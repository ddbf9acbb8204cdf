package dev.reprise.agent.instrumentation;

import dev.reprise.agent.context.ContextTasks;
import dev.reprise.agent.context.RunEnds;
import dev.reprise.agent.context.SystemCalls;
import dev.reprise.agent.flavour.RenamedClasses;
import dev.reprise.agent.health.AgentHealth;
import dev.reprise.agent.health.AgentLog;
import java.lang.instrument.ClassFileTransformer;
import java.lang.instrument.Instrumentation;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.function.Predicate;
import java.util.stream.Collectors;
import net.bytebuddy.agent.builder.AgentBuilder;

/**
 * Installs every instrumentation; must run before any Akka or Scala class loads.
 *
 * <p>Start-up matters (a service with large libraries loads thousands of classes): ByteBuddy only
 * sees the few Akka and Scala types that are instrumented, picked by name ({@link HookedTypes}), without
 * its {@code AgentBuilder} ({@link TypeTransformations}), and its results are cached between runs
 * ({@link TransformCache}); the JDK's clock and random types are hooked with plain ASM
 * ({@link JdkHooks}); every other class costs one set look-up and, within the include and exclude
 * scope, a walk over its constant pool ({@link CallSites}).
 */
public final class Instrumentations {
    private Instrumentations() {}

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
    public static void install(
            Instrumentation inst, Predicate<String> callSitesIn, boolean replay, Path cache, Runnable later) {
        boolean bridge = Bridge.install(inst);
        RenamedClasses.loadAll(Instrumentations.class.getClassLoader());
        CallSites callSites = bridge ? new CallSites(callSitesIn) : null;
        LoadTimeTransformer front = new LoadTimeTransformer(
                internalNames(HookedTypes.ALL), callSites, replay, TransformCache.open(cache, replay));
        inst.addTransformer(front, false);
        long start = System.nanoTime();
        Thread init = new Thread(
                () -> {
                    if (bridge) {
                        try {
                            hookJdk(inst);
                            installHandlers();
                        } catch (Throwable e) {
                            AgentLog.internalError(
                                    "hooking the JDK's clock and random generators (they are not recorded)", e);
                        }
                    }
                    front.ready();
                    AgentLog.debug("clock and random hooked in " + (System.nanoTime() - start) / 1_000_000 + " ms");
                    front.prepare();
                    AgentLog.debug("Akka and Scala types instrumented ahead in "
                            + (System.nanoTime() - start) / 1_000_000 + " ms");
                    runLater(later);
                },
                "reprise-init");
        init.setDaemon(true);
        front.initThread = init;
        init.start();
    }

    /**
     * For an agent that starts later, in the class loader that loads Akka ({@code LoaderStart}):
     * defines the bootstrap bridge and hooks the JDK's clock and random classes now, on
     * {@code reprise-init}, with no handler behind them yet (the calls go straight through), and
     * points the call sites of every class that loads from now on ({@link JdkHookedAhead}).
     */
    public static JdkHookedAhead hookJdkAhead(Instrumentation inst, Predicate<String> callSitesIn) {
        boolean bridge = Bridge.install(inst);
        JdkHookedAhead ahead = new JdkHookedAhead(bridge ? new CallSites(callSitesIn) : null);
        Thread init = new Thread(
                () -> {
                    try {
                        if (bridge) {
                            hookJdk(inst);
                        }
                    } catch (Throwable e) {
                        AgentLog.internalError(
                                "hooking the JDK's clock and random generators (they are not recorded)", e);
                    } finally {
                        ahead.hooked.countDown();
                    }
                },
                "reprise-init");
        init.setDaemon(true);
        init.start();
        return ahead;
    }

    /**
     * The Akka and Scala instrumentation of an agent whose classes the class loader that loads Akka
     * defines, started as that loader defines its first class: the JDK is hooked and call sites
     * are pointed already ({@link #hookJdkAhead}), so this installs the handlers and the transformer
     * of the listed types, which instrument each type as it loads (nothing ahead: the agent's work
     * on another thread could wait for that loader while its loading thread waits for the agent).
     * Returns the transformer, not registered: {@code LoaderStart} passes it every class.
     */
    public static ClassFileTransformer installInLoader(boolean replay, Path cache, Runnable later) {
        installHandlers();
        LoadTimeTransformer front = new LoadTimeTransformer(
                internalNames(HookedTypes.ALL), null, replay, TransformCache.open(cache, replay));
        front.ready();
        if (later != null) {
            Thread init = new Thread(() -> runLater(later), "reprise-later");
            init.setDaemon(true);
            init.start();
        }
        return front;
    }

    private static void runLater(Runnable later) {
        if (later == null) {
            return;
        }
        try {
            Thread.sleep(BACKGROUND_DELAY_MILLIS);
            later.run();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        } catch (Throwable e) {
            AgentLog.internalError("starting the agent", e);
        }
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
        inst.addTransformer(new JdkTransformer(tally), true);
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
            AgentLog.internalError(
                    "hooking the JDK's clock and random generators",
                    new IllegalStateException("the JVM did not pass "
                            + String.join(", ", unread).replace('/', '.') + " to the agent when retransformed"));
        }
    }

    /** The agent's handlers behind the bootstrap hooks: from now on the hooked JDK calls reach the agent. */
    private static void installHandlers() {
        SystemCalls.install();
        ContextTasks.install();
        RunEnds.install();
    }

    /** Every Akka and Scala instrumentation, on {@code agent}. */
    static AgentBuilder akka(AgentBuilder agent, boolean replay) {
        agent = EnvelopeInstrumentation.apply(agent);
        agent = ActorCellInstrumentation.apply(agent);
        agent = ActorRefInstrumentation.apply(agent);
        agent = FunctionRefInstrumentation.apply(agent);
        agent = CreationInstrumentation.apply(agent);
        agent = SchedulerInstrumentation.apply(agent);
        agent = ScalaPromiseInstrumentation.apply(agent);
        agent = AwaitInstrumentation.apply(agent);
        agent = StageInstrumentation.apply(agent);
        agent = FutureConverterInstrumentation.apply(agent);
        agent = MapAsyncHolderInstrumentation.apply(agent);
        agent = BoundedSourceQueueInstrumentation.apply(agent);
        agent = AsyncCallbackInstrumentation.apply(agent);
        agent = AkkaIoInstrumentation.apply(agent);
        agent = ChannelRegistryInstrumentation.apply(agent);
        agent = DateHeaderRenderingInstrumentation.apply(agent);
        agent = HttpExtInstrumentation.apply(agent);
        agent = ThreadsInstrumentation.apply(agent);
        agent = ActorSystemInstrumentation.apply(agent);
        agent = AkkaInternalCallsInstrumentation.apply(agent);
        if (replay) {
            agent = ReplayMailboxInstrumentation.apply(agent);
        }
        return agent;
    }

    private static Set<String> internalNames(List<String> names) {
        return names.stream().map(n -> n.replace('.', '/')).collect(Collectors.toUnmodifiableSet());
    }

    /** Whether the JVM has begun to exit (its shutdown hooks are running or have run). */
    private static boolean jvmShuttingDown() {
        Thread probe = new Thread(() -> {});
        try {
            Runtime.getRuntime().addShutdownHook(probe);
            Runtime.getRuntime().removeShutdownHook(probe);
            return false;
        } catch (IllegalStateException e) {
            return true;
        }
    }
}
