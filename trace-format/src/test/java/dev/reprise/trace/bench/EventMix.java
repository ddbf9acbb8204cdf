package dev.reprise.trace.bench;

import dev.reprise.trace.CreationKind;
import dev.reprise.trace.Encoding;
import dev.reprise.trace.EventBuffer;
import java.util.Arrays;
import java.util.Random;

/**
 * Event sequences shaped like what message-heavy actor programs record on one dispatcher thread,
 * as compact scripts that can be replayed into an {@link EventBuffer} with little overhead.
 */
public enum EventMix {
    /** Two actors bounce one message (Savina PingPong): every message is a new subtrace. */
    PING_PONG {
        @Override
        void generate(Script s, Random r) {
            for (int i = 0; s.messages < TARGET; i++) {
                s.start(10, i).message(11).start(11, i).message(10);
            }
        }
    },
    /** One producer floods a counter (Savina Counting): long runs from one sender, batches of 5. */
    COUNTING {
        @Override
        void generate(Script s, Random r) {
            for (int i = 0; s.messages < TARGET; i++) {
                s.start(21, i);
                for (int k = 0; k < 5; k++) {
                    s.message(20);
                }
            }
        }
    },
    /** A token passed around a ring of 100 actors (Savina ThreadRing). */
    THREAD_RING {
        @Override
        void generate(Script s, Random r) {
            int[] counters = new int[101];
            for (int hop = 0; s.messages < TARGET; hop++) {
                int actor = 1 + hop % 100;
                int predecessor = actor == 1 ? 100 : actor - 1;
                s.start(actor, counters[actor]++).message(predecessor);
            }
        }
    },
    /** 120 clients ping a random peer and wait for the answer (Savina Big): random senders. */
    MANY_TO_MANY {
        @Override
        void generate(Script s, Random r) {
            int[] counters = new int[200];
            while (s.messages < TARGET) {
                int actor = 1 + r.nextInt(120);
                s.start(actor, counters[actor]++);
                int batch = 1 + r.nextInt(3);
                for (int k = 0; k < batch; k++) {
                    s.message(1 + r.nextInt(120));
                }
            }
        }
    },
    /** A server asks workers and gets promise replies, plus requests from clients (request/reply). */
    ASK_REPLY {
        @Override
        void generate(Script s, Random r) {
            int c = 0;
            while (s.messages < TARGET) {
                s.start(1, c++);
                s.message(2 + r.nextInt(4));
                s.promiseMessage(10 + r.nextInt(8), 1000 + r.nextInt(300));
                s.promiseMessage(10 + r.nextInt(8), 1000 + r.nextInt(300));
            }
        }
    },
    /** A parent creates children that each process one message (Savina ForkJoinActorCreation). */
    CREATION {
        @Override
        void generate(Script s, Random r) {
            int child = 1000;
            for (int i = 0; s.messages < TARGET; i++) {
                s.start(5, i);
                int first = child;
                for (int k = 0; k < 8; k++) {
                    s.creation(child++);
                }
                for (int k = first; k < child; k++) {
                    s.start(k, 0).message(5);
                }
            }
        }
    };

    /** Messages per script. */
    public static final int TARGET = 4096;

    abstract void generate(Script s, Random r);

    /** The script of this mix (deterministic). */
    public Script script() {
        return script(1234);
    }

    /** A script of this mix drawn with {@code seed}. */
    public Script script(long seed) {
        Script s = new Script();
        generate(s, new Random(seed));
        s.ops = Arrays.copyOf(s.ops, s.size);
        return s;
    }

    /** {@code length} bytes of this mix's events in the compact encoding: scripts of seeds 1, 2, ... one after another. */
    public byte[] chunk(int length) {
        EventBuffer b = new EventBuffer(2 * length + (1 << 16), Encoding.COMPACT);
        for (long seed = 1; b.size() < length; seed++) {
            script(seed).writeTo(b);
        }
        return Arrays.copyOf(b.array(), length);
    }

    /** A replayable event sequence: triples (op, a, b). */
    public static final class Script {
        static final int START = 0;
        static final int MESSAGE = 1;
        static final int PROMISE = 2;
        static final int CREATION = 3;

        int[] ops = new int[1024];
        int size;
        int messages;
        int events;

        private Script add(int op, int a, int b) {
            if (size + 3 > ops.length) {
                ops = Arrays.copyOf(ops, ops.length * 2);
            }
            ops[size++] = op;
            ops[size++] = a;
            ops[size++] = b;
            if (op != START) {
                events++;
            }
            return this;
        }

        Script start(int actor, int counter) {
            return add(START, actor, counter);
        }

        Script message(int sender) {
            messages++;
            return add(MESSAGE, sender, 0);
        }

        Script promiseMessage(int sender, int resolver) {
            messages++;
            return add(PROMISE, sender, resolver);
        }

        Script creation(int child) {
            return add(CREATION, child, 0);
        }

        /** Recorded messages in the script. */
        public int messages() {
            return messages;
        }

        /** Recorded events (messages and creations; subtrace starts are not counted). */
        public int events() {
            return events;
        }

        /** Appends the whole script to {@code b}, which must be large enough. */
        public void writeTo(EventBuffer b) {
            int[] o = ops;
            for (int i = 0; i < size; i += 3) {
                switch (o[i]) {
                    case START -> b.subtraceStart(o[i + 1], o[i + 2]);
                    case MESSAGE -> b.message(o[i + 1]);
                    case PROMISE -> b.promiseMessage(o[i + 1], o[i + 2]);
                    default -> b.creation(o[i + 1], CreationKind.ACTOR);
                }
            }
        }
    }
}
