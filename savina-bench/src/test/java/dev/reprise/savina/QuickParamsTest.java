package dev.reprise.savina;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.fail;

import akka.actor.ActorNotFound;
import akka.actor.ActorSystem;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletionException;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/** Every benchmark passes its check with quick parameters under both dispatchers. */
@Tag("slow") // takes more than 5 s: left out of ./reprise test --fast
class QuickParamsTest {
    private static final Duration TIMEOUT = Duration.ofSeconds(60);

    static Stream<Arguments> cases() {
        List<Arguments> cases = new ArrayList<>();
        for (String name : Benchmarks.names()) {
            for (SavinaConfig.Dispatcher d : SavinaConfig.Dispatcher.values()) {
                cases.add(Arguments.of(name, d));
            }
        }
        return cases.stream();
    }

    @ParameterizedTest(name = "{0} {1}")
    @MethodSource("cases")
    void twoQuickIterationsPassInOneSystem(String name, SavinaConfig.Dispatcher dispatcher) throws Exception {
        SavinaBenchmark<?, ?> benchmark = Benchmarks.byName(name);
        ActorSystem system = ActorSystem.create("quick", SavinaConfig.forDispatcher(dispatcher));
        try {
            for (int i = 0; i < 2; i++) {
                assertNotNull(runQuick(benchmark, system));
                assertNoTopLevelActorsLeft(system);
            }
        } finally {
            system.terminate();
            system.getWhenTerminated().toCompletableFuture().get(30, TimeUnit.SECONDS);
        }
    }

    private static <P, R> R runQuick(SavinaBenchmark<P, R> b, ActorSystem system) throws InterruptedException {
        return b.runIteration(system, b.quick(), TIMEOUT);
    }

    /** The iteration's root actor (and so every actor of the iteration) has stopped. */
    static void assertNoTopLevelActorsLeft(ActorSystem system) throws InterruptedException {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(5);
        while (System.nanoTime() < deadline) {
            try {
                system.actorSelection("/user/*")
                        .resolveOne(Duration.ofSeconds(1))
                        .toCompletableFuture()
                        .join();
            } catch (CompletionException e) {
                if (e.getCause() instanceof ActorNotFound) {
                    return;
                }
                throw e;
            }
            Thread.sleep(10);
        }
        fail("actors of the iteration are still alive under /user");
    }

    @Test
    void singleDispatcherRunsAllActorsOnOneThread() throws Exception {
        ActorSystem system = ActorSystem.create("single", SavinaConfig.forDispatcher(SavinaConfig.Dispatcher.SINGLE));
        try {
            List<String> threads = Iteration.await(system, "ThreadProbe", ThreadProbe::props, TIMEOUT);
            assertEquals(1, threads.stream().distinct().count(), "threads: " + threads);
        } finally {
            system.terminate();
            system.getWhenTerminated().toCompletableFuture().get(30, TimeUnit.SECONDS);
        }
    }
}
