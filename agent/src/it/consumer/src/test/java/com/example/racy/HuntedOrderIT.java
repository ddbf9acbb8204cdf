package com.example.racy;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.reprise.replay.junit.Hunt;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.condition.EnabledIfSystemProperty;

/**
 * A race many runs lose: it assumes actors start in the order they were created. @Hunt repeats it
 * under schedule perturbation until a run loses (ConsumerProjectIT).
 */
@EnabledIfSystemProperty(named = "consumer.flaky", matches = "true")
class HuntedOrderIT {
    @Test
    @Hunt(runs = 30, timeout = "2m")
    void workersAreHeardInCreationOrder() throws Exception {
        List<String> firstHeard = Main.collect(false).stream()
                .filter(s -> s.startsWith("worker"))
                .map(s -> s.substring(0, s.indexOf('#')))
                .distinct()
                .toList();
        assertEquals(List.of("worker0", "worker1", "worker2", "worker3"), firstHeard);
    }
}
