package dev.reprise.trace;

import static dev.reprise.trace.EventLayout.*;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;

/**
 * A thread-owned byte buffer that the recorder appends events to. Appending never allocates,
 * never locks and makes no virtual call; an id below 2^24 is written as one 4-byte little-endian
 * store and the position advances by the id's width; a larger one takes an out-of-line path that
 * writes it as a varint ({@link EventLayout}). Ids are non-negative longs.
 *
 * <p>Not thread-safe: one thread writes, then hands the bytes ({@link #array()}, {@link #size()})
 * to the writer and {@link #clear() clears} the buffer, or takes another one.
 *
 * <p>Contract: call {@link #hasRoom()} before each append; when it says false the buffer is full
 * and must be handed off. One append after a true answer always fits, even after a subtrace start.
 */
public final class EventBuffer {
    private static final int NOT_AT = Integer.MIN_VALUE;
    /**
     * How {@link #resumeDelta} says to write a subtrace start: 0 in full, else the counter delta
     * (1 to 16) in bits 0-4, and for a WIDE_RESUME this bit and the evicted index from {@link
     * #WIDE_INDEX_SHIFT} on.
     */
    private static final int WIDE = 1 << 5;

    private static final int WIDE_INDEX_SHIFT = 8;
    /** Position is published with release stores, so {@link #publishedSize()} never shows unwritten bytes. */
    private static final VarHandle POSITION;
    /** The fingerprint count is published like the position, before it: a published prefix has all its fingerprints. */
    private static final VarHandle MARK_COUNT;

    static {
        try {
            POSITION = MethodHandles.lookup().findVarHandle(EventBuffer.class, "position", int.class);
            MARK_COUNT = MethodHandles.lookup().findVarHandle(EventBuffer.class, "markCount", int.class);
        } catch (ReflectiveOperationException e) {
            throw new ExceptionInInitializerError(e);
        }
    }

    private final byte[] bytes;
    private final int limit;
    private final boolean smallIds;
    private final boolean shortForms;
    private final ActorSlots slots;
    /**
     * The {@link Fingerprint}s of the events that carry one (every message, a REPEAT counting once
     * per message, and every creation), in order; null when fingerprints are off. The writer
     * appends them to the chunk as its last event ({@link #marksTrailer}).
     */
    private final byte[] marks;

    private int position;
    private int markCount;
    /** Counts {@link #clear()}s, so a fingerprint is patched only in the chunk it was written to. */
    private int generation;
    /** Sender of the current subtrace's last plain message, or {@link ActorSlots#NONE}. */
    private long lastSender = ActorSlots.NONE;

    private int currentSlot = -1;
    /** Where the last REPEAT byte is, so a run can grow in place. */
    private int repeatAt = NOT_AT;
    /** Where the last RESUME or WIDE_RESUME without its flag begins, so the flag can say its first message repeats. */
    private int resumeAt = NOT_AT;

    /**
     * @param capacity bytes in the buffer; at least 112
     * @param encoding how compactly to encode
     */
    public EventBuffer(int capacity, Encoding encoding) {
        this(capacity, encoding, false);
    }

    /**
     * @param capacity bytes in the buffer; at least 112
     * @param encoding how compactly to encode
     * @param fingerprints whether to keep a {@link Fingerprint} per message and creation (room for
     *     {@code capacity / 4} of them, held beside the events)
     */
    public EventBuffer(int capacity, Encoding encoding, boolean fingerprints) {
        if (capacity < 2 * MAX_EVENT_BYTES) {
            throw new IllegalArgumentException(
                    "event buffer capacity must be at least " + 2 * MAX_EVENT_BYTES + " bytes, was " + capacity);
        }
        this.bytes = new byte[capacity];
        this.limit = capacity - MAX_EVENT_BYTES;
        this.smallIds = encoding.smallIds;
        this.shortForms = encoding.shortForms;
        this.slots = shortForms ? new ActorSlots(true) : null;
        this.marks = fingerprints ? new byte[capacity / 4] : null;
    }

    /** True when one more event fits. */
    public boolean hasRoom() {
        return position <= limit && (marks == null || markCount < marks.length);
    }

    /** Number of bytes written so far (by the owning thread). */
    public int size() {
        return position;
    }

    /**
     * For a thread other than the owner: how many bytes are completely written and visible. The
     * bytes before it form a valid chunk whose events are a prefix of what the owner goes on to
     * write (a run's count byte may still grow in place, which only adds events at its end).
     */
    public int publishedSize() {
        return (int) POSITION.getAcquire(this);
    }

    public boolean isEmpty() {
        return position == 0;
    }

    /** The backing array; bytes {@code [0, size())} are the chunk payload. */
    public byte[] array() {
        return bytes;
    }

    public int capacity() {
        return bytes.length;
    }

    /** Empties the buffer for reuse. The next event must be a subtrace start. */
    public void clear() {
        POSITION.setRelease(this, 0);
        MARK_COUNT.setRelease(this, 0);
        generation++;
        lastSender = ActorSlots.NONE;
        currentSlot = -1;
        repeatAt = NOT_AT;
        resumeAt = NOT_AT;
        if (slots != null) {
            slots.clear();
        }
    }

    /** Bytes of an id below {@link EventLayout#FIRST_VARINT_ID}, as this encoding writes it. */
    private int width(int id) {
        return smallIds ? smallWidth(id) : 3;
    }

    /** True when {@code id} needs the varint width code (written out of line, by {@link #putId}). */
    private static boolean wide(long id) {
        return (id >>> 24) != 0;
    }

    /** The width a specialised caller passes for an id of 2^24 or more (or of any size): written as the plain appends do. */
    public static final int ANY_WIDTH = 4;

    /**
     * The width the width-taking appends want for {@code id}: 1, 2 or 3 for an id below 2^24
     * (the bytes it needs), else {@link #ANY_WIDTH}. A caller may pass a wider width than this
     * (up to {@link #ANY_WIDTH}) and gets the same bytes for 1..3 only if it passes exactly this.
     */
    public static int idWidth(long id) {
        return wide(id) ? ANY_WIDTH : smallWidth((int) id);
    }

    /** The bytes of a narrow id for a width-taking append: the proven width, or 3 in the full-width encoding. */
    private int provenWidth(long id, int width) {
        return width == ANY_WIDTH ? width((int) id) : smallIds ? width : 3;
    }

    /**
     * Writes {@code id} at {@code at} and ORs its width code into the header byte at {@code header},
     * at {@code shift}: a narrow id with one 4-byte store (whatever it spills is overwritten by the
     * next field or lies past the event), a wide one as a varint. Returns the position after it.
     */
    private int putId(int header, int shift, long id, int at) {
        if (wide(id)) {
            bytes[header] |= (byte) (VARINT_WIDTH << shift);
            return LittleEndian.putVarLong(bytes, at, id);
        }
        int w = width((int) id);
        bytes[header] |= (byte) ((w - 1) << shift);
        LittleEndian.putInt(bytes, at, (int) id);
        return at + w;
    }

    /**
     * An event of header {@code header} with one id ({@code secondShift} &lt; 0) or two, each
     * written by {@link #putId}; returns its end.
     */
    private int wideEvent(int p, int header, long first, int secondShift, long second) {
        bytes[p] = (byte) header;
        int q = putId(p, FIRST_WIDTH_SHIFT, first, p + 1);
        return secondShift < 0 ? q : putId(p, secondShift, second, q);
    }

    /**
     * Starts a subtrace: the following events belong to {@code actor} until the next subtrace
     * start. {@code counter} is that actor's subtrace number (0, 1, 2, ... across all threads,
     * wrapping at 2^32).
     */
    public void subtraceStart(long actor, int counter) {
        publishStart(shortForms ? resumeDelta(actor, counter) : 0, actor, counter);
    }

    /**
     * {@link #subtraceStart} and then {@link #message(long, byte)} in one step, an actor switch's
     * usual case: when the resumed actor's last sender sent again, the RESUME's flag says so and
     * nothing more is written (the bytes the two calls would write, with fewer stores).
     */
    public void messageInNewSubtrace(long actor, int counter, long sender, byte fingerprint) {
        appendMessageInNewSubtrace(actor, counter, sender, fingerprint, ANY_WIDTH);
    }

    /**
     * {@link #messageInNewSubtrace} for a caller that has proven the sender's width once (a
     * specialised tracing node that also knows the actor switched): the same bytes.
     *
     * @param width the sender's {@link #idWidth}, or {@link #ANY_WIDTH}
     */
    public void messageOfWidthInNewSubtrace(long actor, int counter, long sender, int width) {
        appendMessageInNewSubtrace(actor, counter, sender, Fingerprint.NONE, width);
    }

    private void appendMessageInNewSubtrace(long actor, int counter, long sender, byte fingerprint, int width) {
        int delta = shortForms ? resumeDelta(actor, counter) : 0;
        if (delta > 0 && sender == lastSender) {
            mark(fingerprint);
            // No resumeAt: its flag is set, so no later message grows it.
            POSITION.setRelease(this, putResume(position, delta, RESUME_FIRST_IS_REPEAT));
            return;
        }
        publishStart(delta, actor, counter);
        appendMessage(sender, fingerprint, width);
    }

    /** Writes and publishes a subtrace start: a resume ({@link #resumeDelta}), or the full form when it is 0. */
    private void publishStart(int delta, long actor, int counter) {
        int p = position;
        if (delta > 0) {
            resumeAt = p;
            POSITION.setRelease(this, putResume(p, delta, 0));
        } else {
            POSITION.setRelease(this, fullSubtraceStart(p, actor, counter));
        }
    }

    /**
     * Short forms: makes {@code actor}'s slot current (keeping the last sender of the slot it
     * leaves) and says how to write its start: 0 in full, else a resume ({@link #WIDE}). The
     * slot's actor resumes by a RESUME when its counter moved by 1 to {@link
     * EventLayout#MAX_RESUME_DELTA}; another actor's slot is entered out of line ({@link #enter}).
     * Stores only what changes: stores cost the recording thread more than loads.
     */
    private int resumeDelta(long actor, int counter) {
        ActorSlots s = slots;
        int left = currentSlot;
        if (left >= 0 && s.lastSender(left) != lastSender) {
            s.lastSender(left, lastSender);
        }
        int slot = ActorSlots.slotOf(actor);
        currentSlot = slot;
        if (s.actor(slot) != actor) {
            return enter(s, slot, actor, counter);
        }
        lastSender = s.lastSender(slot);
        int delta = counter - s.counter(slot);
        s.counter(slot, counter);
        return delta >= 1 && delta <= MAX_RESUME_DELTA ? delta : 0;
    }

    /**
     * {@code actor} takes {@code slot} from the actor there: a WIDE_RESUME when it was evicted
     * earlier in the chunk and its counter moved by 1 to {@link EventLayout#MAX_RESUME_DELTA},
     * else 0 (in full, with its last sender when it was evicted earlier, as the reader does).
     */
    private int enter(ActorSlots s, int slot, long actor, int counter) {
        int back = s.enter(slot, actor);
        lastSender = s.lastSender(slot);
        int delta = counter - s.counter(slot);
        s.counter(slot, counter);
        return back >= 0 && delta >= 1 && delta <= MAX_RESUME_DELTA ? WIDE | back << WIDE_INDEX_SHIFT | delta : 0;
    }

    /**
     * A RESUME or WIDE_RESUME ({@code resume} from {@link #resumeDelta}) of the current slot at
     * {@code p}, unpublished; {@code flags} is {@link EventLayout#RESUME_FIRST_IS_REPEAT} or 0.
     * Returns its end.
     */
    private int putResume(int p, int resume, int flags) {
        int delta = (resume & (WIDE - 1)) - 1;
        if ((resume & WIDE) == 0) {
            int header = RESUME | delta << RESUME_DELTA_SHIFT | flags;
            LittleEndian.putShort(bytes, p, (short) (header | currentSlot << 8));
            return p + 2;
        }
        bytes[p] = (byte) (EXTENDED | EXTENDED_WIDE_RESUME << 3 | flags);
        LittleEndian.putShort(bytes, p + 1, (short) (resume >>> WIDE_INDEX_SHIFT | delta << WIDE_RESUME_DELTA_SHIFT));
        return p + 3;
    }

    /** A SUBTRACE_START event with both ids at {@code p}, unpublished; returns its end. */
    private int fullSubtraceStart(int p, long actor, int counter) {
        if (wide(actor) || (counter >>> 24) != 0) {
            return wideEvent(p, SUBTRACE_START, actor, SECOND_WIDTH_SHIFT, counter & 0xFFFFFFFFL);
        }
        int wa = width((int) actor);
        int wc = width(counter);
        bytes[p] = (byte) (SUBTRACE_START | (wa - 1) << FIRST_WIDTH_SHIFT | (wc - 1) << SECOND_WIDTH_SHIFT);
        LittleEndian.putInt(bytes, p + 1, (int) actor);
        LittleEndian.putInt(bytes, p + 1 + wa, counter);
        return p + 1 + wa + wc;
    }

    /** The current actor created {@code child}: an actor, temp actor, timer or callback. */
    public void creation(long child, CreationKind kind) {
        creation(child, kind, Fingerprint.NONE);
    }

    /** {@link #creation(long, CreationKind)} with the created actor's {@link Fingerprint}. */
    public void creation(long child, CreationKind kind, byte fingerprint) {
        appendCreation(child, kind, fingerprint, ANY_WIDTH);
    }

    /**
     * {@link #creation(long, CreationKind)} for a caller that has proven the child's
     * {@link #idWidth} (or passes {@link #ANY_WIDTH}): the same bytes.
     */
    public void creationOfWidth(long child, CreationKind kind, int width) {
        appendCreation(child, kind, Fingerprint.NONE, width);
    }

    /** The one encoder of creations; with {@link #ANY_WIDTH} (a constant to the compiler) it finds the width itself. */
    private void appendCreation(long child, CreationKind kind, byte fingerprint, int width) {
        mark(fingerprint);
        int p = position;
        int header = CREATION | kind.code() << SECOND_WIDTH_SHIFT;
        if (width == ANY_WIDTH && wide(child)) {
            POSITION.setRelease(this, wideEvent(p, header, child, -1, 0));
            return;
        }
        int w = provenWidth(child, width);
        bytes[p] = (byte) (header | (w - 1) << FIRST_WIDTH_SHIFT);
        LittleEndian.putInt(bytes, p + 1, (int) child);
        POSITION.setRelease(this, p + 1 + w);
    }

    /** The current actor processed a message sent by actor {@code sender}. */
    public void message(long sender) {
        message(sender, Fingerprint.NONE);
    }

    /** {@link #message(long)} with the message's {@link Fingerprint}. */
    public void message(long sender, byte fingerprint) {
        appendMessage(sender, fingerprint, ANY_WIDTH);
    }

    /**
     * {@link #message(long)} for a caller that has proven the sender's width once (a specialised
     * tracing node, whose compiler then folds the width): the same bytes.
     *
     * @param width the sender's {@link #idWidth}: 1, 2 or 3 when it is below 2^(8 width), or
     *     {@link #ANY_WIDTH}
     */
    public void messageOfWidth(long sender, int width) {
        appendMessage(sender, Fingerprint.NONE, width);
    }

    /** The one encoder of messages; with {@link #ANY_WIDTH} (a constant to the compiler) it finds the width itself. */
    private void appendMessage(long sender, byte fingerprint, int width) {
        mark(fingerprint);
        int p = position;
        if (shortForms && sender == lastSender) {
            repeat(p);
            return;
        }
        lastSender = sender;
        if (width == ANY_WIDTH && wide(sender)) {
            POSITION.setRelease(this, wideEvent(p, MESSAGE, sender, -1, 0));
            return;
        }
        narrowMessage(p, sender, provenWidth(sender, width));
    }

    /** One more message from the last sender: grows the REPEAT or RESUME before {@code p}, or writes a REPEAT. */
    private void repeat(int p) {
        if (repeatAt == p - 1 && (bytes[p - 1] & 0xF8) != 0xF8) {
            bytes[p - 1] += 1 << 3;
            return;
        }
        int r = resumeAt;
        if (r >= p - 3 && (bytes[r] & RESUME_FIRST_IS_REPEAT) == 0 && r + resumeLength(bytes[r]) == p) {
            bytes[r] |= RESUME_FIRST_IS_REPEAT;
            return;
        }
        bytes[p] = REPEAT;
        repeatAt = p;
        POSITION.setRelease(this, p + 1);
    }

    /** Bytes of the RESUME (2) or WIDE_RESUME (3) whose header is {@code header}. */
    private static int resumeLength(byte header) {
        return (header & KIND_MASK) == RESUME ? 2 : 3;
    }

    private void narrowMessage(int p, long sender, int w) {
        bytes[p] = (byte) (MESSAGE | (w - 1) << FIRST_WIDTH_SHIFT);
        LittleEndian.putInt(bytes, p + 1, (int) sender);
        POSITION.setRelease(this, p + 1 + w);
    }

    /** The current actor processed a message that {@code sender} sent when {@code resolver} completed a promise. */
    public void promiseMessage(long sender, long resolver) {
        promiseMessage(sender, resolver, Fingerprint.NONE);
    }

    /** {@link #promiseMessage(long, long)} with the message's {@link Fingerprint}. */
    public void promiseMessage(long sender, long resolver, byte fingerprint) {
        appendPromiseMessage(sender, ANY_WIDTH, resolver, ANY_WIDTH, fingerprint);
    }

    /**
     * {@link #promiseMessage(long, long)} for a caller that has proven both ids' {@link #idWidth}s
     * (or passes {@link #ANY_WIDTH} for either): the same bytes.
     */
    public void promiseMessageOfWidths(long sender, int senderWidth, long resolver, int resolverWidth) {
        appendPromiseMessage(sender, senderWidth, resolver, resolverWidth, Fingerprint.NONE);
    }

    /** The one encoder of promise messages; with {@link #ANY_WIDTH}s (constants to the compiler) it finds the widths itself. */
    private void appendPromiseMessage(
            long sender, int senderWidth, long resolver, int resolverWidth, byte fingerprint) {
        mark(fingerprint);
        int p = position;
        if ((senderWidth == ANY_WIDTH || resolverWidth == ANY_WIDTH) && (wide(sender) || wide(resolver))) {
            POSITION.setRelease(this, wideEvent(p, PROMISE_MESSAGE, sender, SECOND_WIDTH_SHIFT, resolver));
            return;
        }
        int ws = provenWidth(sender, senderWidth);
        int wr = provenWidth(resolver, resolverWidth);
        bytes[p] = (byte) (PROMISE_MESSAGE | (ws - 1) << FIRST_WIDTH_SHIFT | (wr - 1) << SECOND_WIDTH_SHIFT);
        LittleEndian.putInt(bytes, p + 1, (int) sender);
        LittleEndian.putInt(bytes, p + 1 + ws, (int) resolver);
        POSITION.setRelease(this, p + 1 + ws + wr);
    }

    /** The current actor made a nondeterministic call whose result is data entry {@code dataId}. */
    public void systemCall(long dataId) {
        systemCallOfWidth(dataId, ANY_WIDTH);
    }

    /**
     * {@link #systemCall(long)} for a caller that has proven the data id's {@link #idWidth} (or
     * passes {@link #ANY_WIDTH}): the same bytes.
     */
    public void systemCallOfWidth(long dataId, int width) {
        int p = position;
        if (width == ANY_WIDTH && wide(dataId)) {
            bytes[p] = (byte) SYSTEM_CALL;
            POSITION.setRelease(this, putId(p, FIRST_WIDTH_SHIFT, dataId, p + 1));
            return;
        }
        int w = provenWidth(dataId, width);
        bytes[p] = (byte) (SYSTEM_CALL | (w - 1) << FIRST_WIDTH_SHIFT);
        LittleEndian.putInt(bytes, p + 1, (int) dataId);
        POSITION.setRelease(this, p + 1 + w);
    }

    /**
     * The current actor processed a message from outside the actor system.
     *
     * @param sender the pseudo-actor id of the outside source
     * @param eventType what kind of input it was, as the source defines it
     * @param dataId the data entry holding its content, or 0 when only its order was recorded
     */
    public void externalMessage(long sender, int eventType, long dataId) {
        externalMessage(sender, eventType, dataId, Fingerprint.NONE);
    }

    /** {@link #externalMessage(long, int, long)} with the message's {@link Fingerprint}. */
    public void externalMessage(long sender, int eventType, long dataId, byte fingerprint) {
        mark(fingerprint);
        int p = position;
        bytes[p] = (byte) (MESSAGE | EXTERNAL_BIT);
        int q = putId(p, FIRST_WIDTH_SHIFT, sender, p + 1);
        q = LittleEndian.putVarLong(bytes, q, eventType & 0xFFFFFFFFL);
        POSITION.setRelease(this, LittleEndian.putVarLong(bytes, q, dataId));
    }

    /** Like {@link #externalMessage} for a message caused by an outside source completing a promise. */
    public void externalPromiseMessage(long sender, long resolver, int eventType, long dataId) {
        externalPromiseMessage(sender, resolver, eventType, dataId, Fingerprint.NONE);
    }

    /** {@link #externalPromiseMessage(long, long, int, long)} with the message's {@link Fingerprint}. */
    public void externalPromiseMessage(long sender, long resolver, int eventType, long dataId, byte fingerprint) {
        mark(fingerprint);
        int p = position;
        int q = wideEvent(p, PROMISE_MESSAGE | EXTERNAL_BIT, sender, SECOND_WIDTH_SHIFT, resolver);
        q = LittleEndian.putVarLong(bytes, q, eventType & 0xFFFFFFFFL);
        POSITION.setRelease(this, LittleEndian.putVarLong(bytes, q, dataId));
    }

    /**
     * Records that this thread dropped {@code droppedEvents} events here (drop overflow policy).
     * The actors whose subtraces were lost show a missing subtrace counter; replay stops there.
     */
    public void gap(long droppedEvents) {
        int p = position;
        bytes[p] = (byte) (EXTENDED | EXTENDED_GAP << 3);
        POSITION.setRelease(this, LittleEndian.putVarLong(bytes, p + 1, droppedEvents));
    }

    /**
     * The turn of the current actor's last message ended after sending {@code sends} messages:
     * written when its {@link Fingerprint} could not be completed (the turn outlived its chunk).
     */
    public void turnSends(int sends) {
        int p = position;
        bytes[p] = (byte) (EXTENDED | EXTENDED_TURN_SENDS << 3);
        POSITION.setRelease(this, LittleEndian.putVarLong(bytes, p + 1, sends & 0xFFFFFFFFL));
    }

    /** The actor handled a system message of {@code kind} here; {@code related}: see {@link TraceEvent.SystemMessageTurn}. */
    public void systemMessageTurn(SystemMessageKind kind, long related) {
        int p = position;
        bytes[p] = (byte) (EXTENDED | EXTENDED_SYSTEM_TURN << 3);
        bytes[p + 1] = (byte) kind.code();
        POSITION.setRelease(this, LittleEndian.putVarLong(bytes, p + 2, related));
    }

    private void mark(byte fingerprint) {
        if (marks != null) {
            int m = markCount;
            marks[m] = fingerprint;
            MARK_COUNT.setRelease(this, m + 1);
        }
    }

    /**
     * Where the last fingerprint is, for {@link #patchMark}: its index in the high half and this
     * chunk's generation in the low half; -1 when fingerprints are off or none was written.
     */
    public long lastMark() {
        return marks == null || markCount == 0 ? -1 : (long) (markCount - 1) << 32 | (generation & 0xFFFFFFFFL);
    }

    /**
     * Replaces the fingerprint at {@code where} ({@link #lastMark()}) if the buffer still holds the
     * same chunk (a writer that copied it already keeps the old byte: both are valid). Returns
     * whether it did.
     */
    public boolean patchMark(long where, byte fingerprint) {
        if (where < 0 || (int) where != generation) {
            return false;
        }
        marks[(int) (where >>> 32)] = fingerprint;
        return true;
    }

    /** For a thread other than the owner: how many fingerprints are written, at least those of {@link #publishedSize()}'s events. */
    public int publishedMarks() {
        return marks == null ? 0 : (int) MARK_COUNT.getAcquire(this);
    }

    /** The owner's count of fingerprints written. */
    public int markCount() {
        return marks == null ? 0 : markCount;
    }

    /**
     * A copy of the first {@code length} bytes and {@code marks} fingerprints, for a writer that
     * must not wait for the owner to stop appending (the copy is only written, never appended to).
     */
    public EventBuffer prefixCopy(int length, int marks) {
        int capacity = Math.max(Math.max(length + 2 * MAX_EVENT_BYTES, 128), 4 * marks);
        EventBuffer copy = new EventBuffer(capacity, Encoding.FULL_WIDTH, marks > 0);
        System.arraycopy(bytes, 0, copy.bytes, 0, length);
        copy.position = length;
        if (marks > 0) {
            System.arraycopy(this.marks, 0, copy.marks, 0, marks);
            copy.markCount = marks;
        }
        return copy;
    }

    /**
     * The chunk's last event, holding its first {@code count} fingerprints: EXTENDED kind MARKS,
     * a varint count, the bytes. Empty when {@code count} is 0.
     */
    public byte[] marksTrailer(int count) {
        if (count == 0) {
            return new byte[0];
        }
        byte[] t = new byte[1 + 5 + count];
        t[0] = (byte) (EXTENDED | EXTENDED_MARKS << 3);
        int p = LittleEndian.putVarLong(t, 1, count);
        System.arraycopy(marks, 0, t, p, count);
        return java.util.Arrays.copyOf(t, p + count);
    }
}
