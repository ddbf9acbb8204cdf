package dev.reprise.agent.replay;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;

import akka.actor.ActorRef;
import akka.actor.ActorSystem;
import akka.dispatch.Envelope;
import dev.reprise.replay.MessageKey;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The replay mailbox's store hands out, per key, the messages in the order a plain FIFO queue per
 * key would (messages put back in front first), whichever of its forms holds them.
 */
class ArrivedMessagesTest {
    private static ActorSystem system;
    private static ActorRef sender;

    @BeforeAll
    static void start() {
        system = ActorSystem.create("arrived-messages-test");
        sender = system.deadLetters();
    }

    @AfterAll
    static void stop() {
        system.terminate();
    }

    private static ArrivedMessages.Held held(long order, String text) {
        return new ArrivedMessages.Held(order, Envelope.apply(text, sender, system));
    }

    @Test
    void aMessageThatArrivesAloneAndOnesPutBackInFrontKeepTheirOrder() {
        ArrivedMessages m = new ArrivedMessages();
        MessageKey a = new MessageKey(MessageKey.PLAIN, 1, 0);
        MessageKey b = new MessageKey(MessageKey.PLAIN, 2, 0);
        m.add(a, held(1, "a1"), false); // alone: the fast form
        m.add(a, held(2, "a2"), false);
        m.add(b, held(3, "b1"), false);
        m.add(a, held(Long.MIN_VALUE + 1, "a0"), true); // unstashed: before a1
        assertEquals(4, m.count());
        assertEquals(3, m.count(a));
        List<String> seen = new ArrayList<>();
        m.forEach((k, h) -> seen.add(h.envelope().message().toString()));
        assertEquals(List.of("a0", "a1", "a2", "b1"), seen);
        assertEquals("a0", m.pollOldest().message());
        assertEquals("a1", m.poll(a).message());
        assertEquals("b1", m.poll(b).message());
        assertNull(m.poll(b));
        assertEquals("a2", m.pollOldest().message());
        assertEquals(0, m.count());
        assertNull(m.pollOldest());
    }

    @Test
    void randomTrafficMatchesAQueuePerKey() {
        Random r = new Random(42);
        MessageKey[] keys = new MessageKey[6];
        for (int i = 0; i < keys.length; i++) {
            keys[i] =
                    new MessageKey(i % 3 == 2 ? MessageKey.PROMISE : MessageKey.PLAIN, 10 + i / 2, i % 3 == 2 ? 7 : 0);
        }
        ArrivedMessages m = new ArrivedMessages();
        Map<MessageKey, ArrayDeque<ArrivedMessages.Held>> model = new HashMap<>();
        long arrivals = 0;
        long firsts = 0;
        int size = 0;
        for (int step = 0; step < 20_000; step++) {
            int op = r.nextInt(10);
            MessageKey k = keys[r.nextInt(keys.length)];
            if (op < 4) {
                ArrivedMessages.Held h = held(++arrivals, "m" + arrivals);
                m.add(k, h, false);
                model.computeIfAbsent(k, x -> new ArrayDeque<>()).addLast(h);
                size++;
            } else if (op == 4) {
                ArrivedMessages.Held h = held(Long.MIN_VALUE + ++firsts, "f" + firsts);
                m.add(k, h, true);
                model.computeIfAbsent(k, x -> new ArrayDeque<>()).addFirst(h);
                size++;
            } else if (op < 9) {
                ArrayDeque<ArrivedMessages.Held> q = model.get(k);
                ArrivedMessages.Held want = q == null ? null : q.poll();
                Envelope got = m.poll(k);
                if (want == null) {
                    assertNull(got, "step " + step);
                } else {
                    assertSame(want.envelope(), got, "step " + step);
                    size--;
                }
            } else {
                MessageKey oldest = null;
                for (Map.Entry<MessageKey, ArrayDeque<ArrivedMessages.Held>> e : model.entrySet()) {
                    if (!e.getValue().isEmpty()
                            && (oldest == null
                                    || e.getValue().peek().order()
                                            < model.get(oldest).peek().order())) {
                        oldest = e.getKey();
                    }
                }
                Envelope got = m.pollOldest();
                if (oldest == null) {
                    assertNull(got);
                } else {
                    assertSame(model.get(oldest).poll().envelope(), got, "step " + step);
                    size--;
                }
            }
            assertEquals(size, m.count());
            assertEquals(model.getOrDefault(k, new ArrayDeque<>()).size(), m.count(k));
        }
    }
}
