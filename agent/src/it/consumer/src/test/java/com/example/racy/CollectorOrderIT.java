package com.example.racy;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.reprise.replay.junit.RecordOnFailure;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.condition.EnabledIfSystemProperty;

/**
 * A flaky test as users write them: it expects an order the program does not promise. Each test
 * runs recorded in a JVM of its own; only the failing one's trace is kept (ConsumerProjectIT).
 */
@RecordOnFailure(timeout = "2m")
@EnabledIfSystemProperty(named = "consumer.flaky", matches = "true")
class CollectorOrderIT {
    static final int MESSAGES = (Main.WORKERS + Main.FEEDERS) * Main.EACH;

    @Test
    void collectsEveryMessage() throws Exception {
        assertEquals(MESSAGES, Main.collect(false).subList(0, MESSAGES).stream().distinct().count());
    }

    /** Fails, nearly always, with the order this run saw in its message. */
    @Test
    void collectsInNameOrder() throws Exception {
        List<String> seen = Main.collect(false).subList(0, MESSAGES);
        assertEquals(seen.stream().sorted().toList(), seen);
    }
}
