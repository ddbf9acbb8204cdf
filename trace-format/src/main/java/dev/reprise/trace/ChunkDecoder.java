package dev.reprise.trace;

import static dev.reprise.trace.EventLayout.*;

import java.util.List;

/**
 * Decodes one chunk payload into subtraces. It keeps the same {@link ActorSlots} as the
 * {@link EventBuffer} that wrote the chunk, so RESUME and REPEAT events resolve to the same
 * actors and senders. Any byte that does not fit the layout is reported, never guessed at.
 */
final class ChunkDecoder {
    private final ActorSlots slots;
    /** Whether width code 3 is a varint (format version 4 and later) rather than 4 bytes. */
    private final boolean varintIds;
    /** Whether evicted actors are kept and may come back by a WIDE_RESUME (format version 7 and later). */
    private final boolean wideResumes;

    private byte[] b;
    private int end;
    private int p;

    /** A decoder of chunks of format {@code version} (see {@link EventLayout} for what changed when). */
    ChunkDecoder(int version) {
        this.varintIds = version >= FileHeader.WIDE_IDS;
        this.wideResumes = version >= FileHeader.WIDE_RESUMES;
        this.slots = new ActorSlots(wideResumes);
    }

    List<Subtrace> decode(byte[] payload, int length, ChunkInfo origin) throws MalformedChunkException {
        return decodeEvents(payload, length, origin, 0, 0).subtraces();
    }

    /**
     * Decodes the chunk into arrays ({@link ChunkEvents}), as replay reads it; {@code subtraces}
     * and {@code eventCount}, when known from the index (else 0), size its arrays.
     */
    ChunkEvents decodeEvents(byte[] payload, int length, ChunkInfo origin, int subtraces, int eventCount)
            throws MalformedChunkException {
        this.b = payload;
        this.end = length;
        this.p = 0;
        slots.clear();
        ChunkEvents result = new ChunkEvents(origin, subtraces, eventCount);
        if (length == 0) {
            result.finish(null);
            return result;
        }
        byte[] marks = null;
        long actor = 0;
        long counter = 0;
        long lastSender = ActorSlots.NONE;
        int currentSlot = -1;
        TraceEvent.Message lastMessage = null;
        ChunkEvents events = null;
        while (p < end) {
            int at = p;
            int header = b[p++] & 0xFF;
            int kind = header & KIND_MASK;
            boolean wideResume = kind == EXTENDED && wideResumes && (header >>> 3 | 1) == EXTENDED_WIDE_RESUME_REPEAT;
            if (kind == SUBTRACE_START || kind == RESUME || wideResume) {
                if (currentSlot >= 0) {
                    slots.lastSender(currentSlot, lastSender);
                }
                int slot;
                if (kind == SUBTRACE_START) {
                    requireZero(at, header, EXTERNAL_BIT);
                    actor = id(firstCode(header));
                    counter = id(secondCode(header));
                    if ((counter >>> 32) != 0) {
                        throw new MalformedChunkException(at, "subtrace counter " + counter + " does not fit 32 bits");
                    }
                    slot = ActorSlots.slotOf(actor);
                    if (slots.actor(slot) != actor) {
                        slots.enter(slot, actor);
                    }
                    slots.counter(slot, (int) counter);
                } else if (kind == RESUME) {
                    need(1, at);
                    slot = b[p++] & 0xFF;
                    actor = slots.actor(slot);
                    if (actor == ActorSlots.NONE) {
                        throw new MalformedChunkException(at, "resume of slot " + slot + " that holds no actor");
                    }
                    counter = resumedCounter(slot, (header >>> RESUME_DELTA_SHIFT & 0x0F) + 1);
                } else {
                    need(2, at);
                    int field = LittleEndian.getUnsignedShort(b, p);
                    p += 2;
                    int evicted = field & (ActorSlots.EVICTED - 1);
                    actor = slots.evictedActor(evicted);
                    if (actor == ActorSlots.NONE || field >>> 15 != 0) {
                        throw new MalformedChunkException(
                                at,
                                actor == ActorSlots.NONE
                                        ? "wide resume of evicted index " + evicted + " that holds no actor"
                                        : "wide resume sets bit 15, which it does not use");
                    }
                    slot = ActorSlots.slotOf(actor);
                    slots.enter(slot, actor);
                    counter = resumedCounter(slot, (field >>> WIDE_RESUME_DELTA_SHIFT & 0x0F) + 1);
                }
                events = result;
                lastSender = slots.lastSender(slot);
                currentSlot = slot;
                lastMessage = null;
                events.startSubtrace(actor, counter);
                if ((header & RESUME_FIRST_IS_REPEAT) != 0) {
                    lastMessage = repeatOf(lastSender, lastMessage, at);
                    events.add(lastMessage);
                }
                continue;
            }
            if (events == null) {
                throw new MalformedChunkException(
                        at,
                        "chunk does not begin with a subtrace start (header byte 0x" + Integer.toHexString(header)
                                + ")");
            }
            switch (kind) {
                case CREATION -> {
                    requireZero(at, header, EXTERNAL_BIT);
                    CreationKind created = CreationKind.ofCode((header >>> SECOND_WIDTH_SHIFT) & 3);
                    events.add(new TraceEvent.Creation(id(firstCode(header)), created));
                }
                case MESSAGE -> {
                    requireZero(at, header, 0xC0);
                    long sender = id(firstCode(header));
                    if ((header & EXTERNAL_BIT) != 0) {
                        events.add(new TraceEvent.ExternalMessage(sender, varInt(at), varLong(at)));
                    } else {
                        lastSender = sender;
                        lastMessage = new TraceEvent.Message(sender);
                        events.add(lastMessage);
                    }
                }
                case PROMISE_MESSAGE -> {
                    long sender = id(firstCode(header));
                    long resolver = id(secondCode(header));
                    if ((header & EXTERNAL_BIT) != 0) {
                        events.add(new TraceEvent.ExternalPromiseMessage(sender, resolver, varInt(at), varLong(at)));
                    } else {
                        events.add(new TraceEvent.PromiseMessage(sender, resolver));
                    }
                }
                case SYSTEM_CALL -> {
                    requireZero(at, header, EXTERNAL_BIT | 0xC0);
                    events.add(new TraceEvent.SystemCall(id(firstCode(header))));
                }
                case REPEAT -> {
                    int count = (header >>> 3) + 1;
                    lastMessage = repeatOf(lastSender, lastMessage, at);
                    for (int i = 0; i < count; i++) {
                        events.add(lastMessage);
                    }
                }
                default -> { // EXTENDED
                    int extendedKind = header >>> 3;
                    if (extendedKind == EXTENDED_GAP) {
                        events.add(new TraceEvent.Gap(varLong(at)));
                    } else if (extendedKind == EXTENDED_MARKS) {
                        marks = bytes(varInt(at), at);
                        if (p != end) {
                            throw new MalformedChunkException(at, "the chunk's fingerprints are not its last event");
                        }
                    } else if (extendedKind == EXTENDED_TURN_SENDS) {
                        events.add(new TraceEvent.TurnSends(varInt(at)));
                    } else if (extendedKind == EXTENDED_SYSTEM_TURN) {
                        SystemMessageKind turn = SystemMessageKind.ofCode(unsignedByte(at));
                        if (turn == null) {
                            throw new MalformedChunkException(at, "unknown system message kind");
                        }
                        events.add(new TraceEvent.SystemMessageTurn(turn, varLong(at)));
                    } else {
                        throw new MalformedChunkException(at, "unknown extended event kind " + extendedKind);
                    }
                }
            }
        }
        result.finish(marks);
        return result;
    }

    /** The counter of the actor in {@code slot} resumed {@code delta} subtraces on (unsigned, wrapping at 2^32). */
    private long resumedCounter(int slot, int delta) {
        int c = slots.counter(slot) + delta;
        slots.counter(slot, c);
        return c & 0xFFFFFFFFL;
    }

    /** The message a REPEAT stands for; all repeats of one sender share one immutable instance. */
    private static TraceEvent.Message repeatOf(long lastSender, TraceEvent.Message lastMessage, int at)
            throws MalformedChunkException {
        if (lastSender == ActorSlots.NONE) {
            throw new MalformedChunkException(at, "repeated message, but the subtrace has no previous sender");
        }
        return lastMessage != null ? lastMessage : new TraceEvent.Message(lastSender);
    }

    private static int firstCode(int header) {
        return (header >>> FIRST_WIDTH_SHIFT) & 3;
    }

    private static int secondCode(int header) {
        return (header >>> SECOND_WIDTH_SHIFT) & 3;
    }

    private static void requireZero(int at, int header, int mask) throws MalformedChunkException {
        if ((header & mask) != 0) {
            throw new MalformedChunkException(
                    at, "header byte 0x" + Integer.toHexString(header) + " sets bits that its kind does not use");
        }
    }

    private void need(int n, int at) throws MalformedChunkException {
        if (p + n > end) {
            throw new MalformedChunkException(at, "event runs past the end of the chunk");
        }
    }

    /** An id of width code {@code code}: 1 to 3 bytes, or code 3: a varint (version 4 and later) or 4 bytes. */
    private long id(int code) throws MalformedChunkException {
        if (code == VARINT_WIDTH && varintIds) {
            long v = varLong(p - 1);
            if (v < 0) {
                throw new MalformedChunkException(p - 1, "id " + Long.toUnsignedString(v) + " does not fit 63 bits");
            }
            return v;
        }
        int width = code + 1;
        need(width, p - 1);
        long v = LittleEndian.getId(b, p, width) & 0xFFFFFFFFL;
        p += width;
        return v;
    }

    private byte[] bytes(int n, int at) throws MalformedChunkException {
        if (n < 0 || n > end - p) {
            throw new MalformedChunkException(at, "event runs past the end of the chunk");
        }
        byte[] out = java.util.Arrays.copyOfRange(b, p, p + n);
        p += n;
        return out;
    }

    private int unsignedByte(int at) throws MalformedChunkException {
        need(1, at);
        return b[p++] & 0xFF;
    }

    private long varLong(int at) throws MalformedChunkException {
        long v = 0;
        for (int shift = 0; shift < 64; shift += 7) {
            need(1, at);
            int x = b[p++] & 0xFF;
            v |= (long) (x & 0x7F) << shift;
            if ((x & 0x80) == 0) {
                return v;
            }
        }
        throw new MalformedChunkException(at, "varint longer than 10 bytes");
    }

    private int varInt(int at) throws MalformedChunkException {
        long v = varLong(at);
        if ((v >>> 32) != 0) {
            throw new MalformedChunkException(at, "value " + Long.toUnsignedString(v) + " does not fit 32 bits");
        }
        return (int) v;
    }
}
