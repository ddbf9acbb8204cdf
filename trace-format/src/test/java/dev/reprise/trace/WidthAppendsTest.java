package dev.reprise.trace;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.Arrays;
import org.junit.jupiter.api.Test;

/**
 * The width-taking appends (for a caller that proved an id's width once, such as a specialised
 * Truffle node) write exactly the bytes of the plain appends, in every encoding, for ids on both
 * sides of each width boundary, with the proven width and with {@link EventBuffer#ANY_WIDTH}.
 */
class WidthAppendsTest {
    private static final long[] IDS = {0, 1, 255, 256, 65_535, 65_536, (1 << 24) - 1, 1 << 24, 1L << 40};

    @Test
    void sameBytesAsThePlainAppends() {
        for (Encoding encoding : Encoding.values()) {
            for (long a : IDS) {
                for (long b : IDS) {
                    for (boolean proven : new boolean[] {true, false}) {
                        int wa = proven ? EventBuffer.idWidth(a) : EventBuffer.ANY_WIDTH;
                        int wb = proven ? EventBuffer.idWidth(b) : EventBuffer.ANY_WIDTH;
                        EventBuffer plain = new EventBuffer(512, encoding);
                        EventBuffer widths = new EventBuffer(512, encoding);
                        plain.messageInNewSubtrace(7, 1, a, Fingerprint.NONE);
                        widths.messageOfWidthInNewSubtrace(7, 1, a, wa);
                        plain.subtraceStart(9, 1);
                        widths.subtraceStart(9, 1);
                        plain.messageInNewSubtrace(7, 2, b, Fingerprint.NONE); // a RESUME of actor 7
                        widths.messageOfWidthInNewSubtrace(7, 2, b, wb);
                        plain.message(a);
                        plain.message(a); // the same sender again: a REPEAT in the short forms
                        plain.message(b);
                        plain.promiseMessage(a, b);
                        plain.creation(b, CreationKind.ACTOR);
                        plain.systemCall(a);
                        widths.messageOfWidth(a, wa);
                        widths.messageOfWidth(a, wa);
                        widths.messageOfWidth(b, wb);
                        widths.promiseMessageOfWidths(a, wa, b, wb);
                        widths.creationOfWidth(b, CreationKind.ACTOR, wb);
                        widths.systemCallOfWidth(a, wa);
                        String what = encoding + " ids " + a + ", " + b + (proven ? " proven" : " any width");
                        assertEquals(plain.size(), widths.size(), what);
                        assertArrayEquals(
                                Arrays.copyOf(plain.array(), plain.size()),
                                Arrays.copyOf(widths.array(), widths.size()),
                                what);
                    }
                }
            }
        }
    }

    @Test
    void idWidthIsTheBytesANarrowIdNeeds() {
        assertEquals(1, EventBuffer.idWidth(0));
        assertEquals(1, EventBuffer.idWidth(255));
        assertEquals(2, EventBuffer.idWidth(256));
        assertEquals(2, EventBuffer.idWidth(65_535));
        assertEquals(3, EventBuffer.idWidth(65_536));
        assertEquals(EventBuffer.ANY_WIDTH, EventBuffer.idWidth(1 << 24));
    }
}
