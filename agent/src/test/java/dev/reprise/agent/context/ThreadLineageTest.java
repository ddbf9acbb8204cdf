package dev.reprise.agent.context;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.ForkJoinPool;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.Test;

/**
 * Threads are named by who made them, in the order their maker made them, and a pool's threads
 * (whose making is chance) are named by nothing but their own name, without shifting the count.
 * In-process, without the agent: the lineage is handed over as the JDK constructs threads.
 */
class ThreadLineageTest {
    private final ThreadLineage lineage = new ThreadLineage();

    @Test
    void threadsAreNamedByTheirMakerAndTheirRankNotByTheirNames() throws Exception {
        AtomicReference<List<String>> names = new AtomicReference<>();
        Thread root = new Thread(
                () -> {
                    lineage.start(Thread.currentThread());
                    try {
                        String first = contextOfNewThread("anything");
                        String second = contextOfNewThread("other name");
                        String virtual = contextOfNewThread(null);
                        names.set(List.of(first, second, virtual));
                    } catch (Exception e) {
                        throw new RuntimeException(e);
                    }
                },
                "root");
        root.start();
        root.join();
        assertEquals(List.of("thread:root/thread 1", "thread:root/thread 2", "thread:root/thread 3"), names.get());
    }

    @Test
    void poolThreadsGetNoLineageAndDoNotShiftTheCount() throws Exception {
        AtomicReference<List<String>> names = new AtomicReference<>();
        Thread root = new Thread(
                () -> {
                    lineage.start(Thread.currentThread());
                    try {
                        ExecutorService pool = Executors.newFixedThreadPool(3);
                        ForkJoinPool forkJoin = new ForkJoinPool(2);
                        CompletableFuture<String> inPool = CompletableFuture.supplyAsync(this::currentContext, pool);
                        CompletableFuture<String> inForkJoin =
                                CompletableFuture.supplyAsync(this::currentContext, forkJoin);
                        String pooled = inPool.get(10, TimeUnit.SECONDS);
                        String forked = inForkJoin.get(10, TimeUnit.SECONDS);
                        String after = contextOfNewThread("made after the pools");
                        pool.shutdown();
                        forkJoin.shutdown();
                        names.set(List.of(pooled, forked, after));
                    } catch (Exception e) {
                        throw new RuntimeException(e);
                    }
                },
                "maker");
        root.start();
        root.join();
        List<String> n = names.get();
        assertTrue(n.get(0).startsWith("thread:pool-"), n.toString());
        assertTrue(n.get(1).startsWith("thread:ForkJoinPool-"), n.toString());
        assertEquals("thread:maker/thread 1", n.get(2));
    }

    @Test
    void threadsMadeInsideScalasCodeAreTheirMakersNotAPools() throws Exception {
        AtomicReference<List<String>> names = new AtomicReference<>();
        Thread root = new Thread(
                () -> {
                    lineage.start(Thread.currentThread());
                    List<String> made = new java.util.ArrayList<>();
                    new scala.collection.immutable.Range.Exclusive(0, 2, 1).foreach((Object i) -> {
                        try {
                            return made.add(contextOfNewThread("made in foreach " + i));
                        } catch (Exception e) {
                            throw new RuntimeException(e);
                        }
                    });
                    names.set(made);
                },
                "scala");
        root.start();
        root.join();
        assertEquals(List.of("thread:scala/thread 1", "thread:scala/thread 2"), names.get());
    }

    @Test
    void aPoolsThreadIsThePoolsAlsoWhenTheProgramsFactoryMakesIt() throws Exception {
        AtomicReference<List<String>> names = new AtomicReference<>();
        Thread root = new Thread(
                () -> {
                    lineage.start(Thread.currentThread());
                    try {
                        ExecutorService pool = Executors.newFixedThreadPool(1, r -> new Thread(r, "own factory"));
                        String pooled = CompletableFuture.supplyAsync(this::currentContext, pool)
                                .get(10, TimeUnit.SECONDS);
                        pool.shutdown();
                        names.set(List.of(pooled, contextOfNewThread("made after the pool")));
                    } catch (Exception e) {
                        throw new RuntimeException(e);
                    }
                },
                "factory");
        root.start();
        root.join();
        assertEquals(List.of("thread:own factory", "thread:factory/thread 1"), names.get());
    }

    @Test
    void anAgentStartedOffMainNamesThatThreadByWhatItDidAndMainStaysMain() throws Exception {
        Thread main = Thread.currentThread(); // plays the JVM's main, which made the loading thread before the agent
        AtomicReference<String> madeThere = new AtomicReference<>();
        Thread loading = new Thread(
                () -> {
                    lineage.start(main); // as the agent's copy in a plugin's class loader starts
                    try {
                        madeThere.set(contextOfNewThread("any name"));
                    } catch (Exception e) {
                        throw new RuntimeException(e);
                    }
                },
                "plugin-7");
        loading.start();
        loading.join();
        assertEquals("thread:first class of its loader/thread 1", madeThere.get());
        assertEquals("thread:" + main.getName(), currentContext());
        assertEquals("thread:" + main.getName() + "/thread 1", contextOfNewThread("made by main"));
    }

    /** The context a new thread named {@code name} (null: a virtual thread) gets when it runs. */
    private String contextOfNewThread(String name) throws Exception {
        AtomicReference<String> context = new AtomicReference<>();
        Runnable body = () -> context.set(currentContext());
        Thread t = name == null ? Thread.ofVirtual().unstarted(body) : new Thread(body, name);
        t.start();
        t.join();
        return context.get();
    }

    /**
     * Replay waits for the input of the program's own threads to come again live: main, the thread
     * that started the agent off main, and the threads and tasks started from them, counted there;
     * not a Scala callback that a root thread's own code registered (their count is chance), nor a
     * thread known by its name, nor an actor's or a timer's context.
     */
    @Test
    void theProgramsThreadsAreMainTheAgentsStarterAndWhatTheyStarted() throws Exception {
        Thread main = new Thread(() -> lineage.start(Thread.currentThread()), "main");
        main.start();
        main.join();
        for (String program :
                List.of("thread:main", "thread:main/thread 2", "thread:main/task 3", "thread:main/task 3/callback 1")) {
            assertTrue(lineage.isProgramThread(program), program);
        }
        for (String not : List.of(
                "thread:main/callback 1",
                "thread:main/callback 1/task 2",
                "thread:pool-1-thread-2",
                "thread:mainly",
                "thread:mainly/task 1",
                "actor 23/task 1",
                "timer 57",
                "source 301/task 1",
                "http")) {
            assertTrue(!lineage.isProgramThread(not), not);
        }
        ThreadLineage offMain = new ThreadLineage();
        Thread loading = new Thread(() -> offMain.start(main), "plugin-loader");
        loading.start();
        loading.join();
        assertTrue(offMain.isProgramThread("thread:main"));
        assertTrue(offMain.isProgramThread("thread:" + ThreadLineage.LOADER_START));
        assertTrue(offMain.isProgramThread("thread:" + ThreadLineage.LOADER_START + "/thread 1"));
        assertTrue(!offMain.isProgramThread("thread:plugin-loader"));
    }

    /**
     * An actor's turn starts its threads, tasks and callbacks again in replay, whichever actor it is
     * (a stream's stage runs the application's code under /system): their input waits for its live
     * copy. Akka IO's selector and what it started send nothing live: replay takes them from the trace.
     */
    @Test
    void everyActorsContextsRunAgainButAkkaIosSelector() {
        assertEquals(23, OutsideContext.startingActor("actor 23/task 1"));
        assertEquals(27, OutsideContext.startingActor("actor 27/callback 2/thread 1"));
        assertEquals(-1, OutsideContext.startingActor("thread:main/task 1"));
        assertEquals(-1, OutsideContext.startingActor("actor 23"));
        for (String selector : List.of("actor 30/selector 1", "actor 30/selector 1/task 2")) {
            assertTrue(OutsideContext.isSelectorContext(selector), selector);
        }
        for (String not : List.of("actor 23/task 1", "actor 23/stage 1", "thread:main/task 1")) {
            assertTrue(!OutsideContext.isSelectorContext(not), not);
        }
    }

    private String currentContext() {
        return lineage.ofCurrentThread().name();
    }
}
