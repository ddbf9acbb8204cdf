package com.example.racy;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.reprise.replay.junit.RecordOnFailure;
import java.util.Comparator;
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

    /**
     * Assumes the collector hears its six senders fairly, round by round: every sender's message i
     * before anyone's message i + 1. Each sender sends its ten in one burst, so this fails nearly
     * always, on an idle machine or a loaded one, with the order this run saw in its message.
     */
    @Test
    void collectsRoundByRound() throws Exception {
        List<String> seen = Main.collect(false).subList(0, MESSAGES);
        Comparator<String> round = Comparator.comparingInt(s -> Integer.parseInt(s.substring(s.indexOf('#') + 1)));
        assertEquals(seen.stream().sorted(round.thenComparing(s -> s)).toList(), seen);
    }
}
