package dev.reprise.api;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

/** Without the agent the API calls straight through, every time. */
class PassthroughTest {
    @Test
    void systemCallsCallThroughEachTime() {
        AtomicInteger calls = new AtomicInteger();
        assertEquals("v1", Reprise.systemCall(() -> "v" + calls.incrementAndGet(), Codec.utf8()));
        assertEquals("v2", Reprise.systemCall(() -> "v" + calls.incrementAndGet(), Codec.utf8()));
        assertEquals(42L, Reprise.systemCallLong(() -> 42L));
        assertEquals(Reprise.Mode.OFF, Reprise.mode());
    }

    @Test
    void sourcesRunTheirDeliveries() {
        ExternalSource http = Reprise.externalSource("http");
        AtomicInteger delivered = new AtomicInteger();
        http.deliver(1, delivered::incrementAndGet);
        http.deliver(2, delivered::incrementAndGet);
        assertEquals(2, delivered.get());
        assertEquals("http", http.name());
        assertThrows(IllegalArgumentException.class, () -> Reprise.externalSource(" "));
    }

    @Test
    void codecsRoundTrip() {
        assertEquals("héllo", Codec.utf8().decode(Codec.utf8().encode("héllo")));
        assertEquals(Long.MIN_VALUE, Codec.longs().decode(Codec.longs().encode(Long.MIN_VALUE)));
        assertEquals(-0.0, Codec.doubles().decode(Codec.doubles().encode(-0.0)));
        assertArrayEquals(new byte[] {1, 2}, Codec.bytes().decode(Codec.bytes().encode(new byte[] {1, 2})));
        IllegalArgumentException e =
                assertThrows(IllegalArgumentException.class, () -> Codec.longs().decode(new byte[3]));
        assertEquals("a recorded long has 8 bytes, this value has 3", e.getMessage());
    }
}
