package dev.reprise.trace;

/**
 * One recorded event of an actor, as the reader gives it back. Subtrace starts are structure,
 * not events: they appear as {@link Subtrace} boundaries. Ids are non-negative longs (below 2^32
 * in traces of format version 3 and older).
 */
public sealed interface TraceEvent {

    /** A human-readable one-line description, as {@code reprise inspect} prints it. */
    String describe();

    /** True for every kind of processed message (plain, promise, external). */
    default boolean isMessage() {
        return false;
    }

    /** The actor created {@code child}: an actor, or a temp actor, timer or promise numbered as one. */
    record Creation(long child, CreationKind kind) implements TraceEvent {
        /** An actor creation. */
        public Creation(long child) {
            this(child, CreationKind.ACTOR);
        }

        @Override
        public String describe() {
            return "created " + kind.word() + " " + child;
        }
    }

    /** The actor processed a message sent by {@code sender}. */
    record Message(long sender) implements TraceEvent {
        @Override
        public String describe() {
            return "message from " + sender;
        }

        @Override
        public boolean isMessage() {
            return true;
        }
    }

    /** The actor processed a message sent by {@code sender} because {@code resolver} completed a promise. */
    record PromiseMessage(long sender, long resolver) implements TraceEvent {
        @Override
        public String describe() {
            return "promise message from " + sender + " resolved by " + resolver;
        }

        @Override
        public boolean isMessage() {
            return true;
        }
    }

    /** The actor processed input from outside; its content is data entry {@code dataId} (0: not recorded). */
    record ExternalMessage(long sender, int eventType, long dataId) implements TraceEvent {
        @Override
        public String describe() {
            return "external message from " + sender + " type " + Integer.toUnsignedString(eventType)
                    + dataSuffix(dataId);
        }

        @Override
        public boolean isMessage() {
            return true;
        }
    }

    /** Like {@link ExternalMessage} for a promise completed by an outside source. */
    record ExternalPromiseMessage(long sender, long resolver, int eventType, long dataId) implements TraceEvent {
        @Override
        public String describe() {
            return "external promise message from " + sender
                    + " resolved by " + resolver
                    + " type " + Integer.toUnsignedString(eventType) + dataSuffix(dataId);
        }

        @Override
        public boolean isMessage() {
            return true;
        }
    }

    /** The actor made a nondeterministic call whose recorded result is data entry {@code dataId}. */
    record SystemCall(long dataId) implements TraceEvent {
        @Override
        public String describe() {
            return "system call, data " + dataId;
        }
    }

    /**
     * The actor handled a system message of {@code kind} here, among its ordinary messages;
     * {@code related} is the child that failed, the actor that died, or for a restart or resumption
     * the child whose failure caused it (0 when there is none or it is not known).
     */
    record SystemMessageTurn(SystemMessageKind kind, long related) implements TraceEvent {
        @Override
        public String describe() {
            String about = switch (kind) {
                case FAILED, DEATH_WATCH -> " " + related;
                case RECREATE, RESUME -> related == 0 ? "" : " (after " + related + " failed)";
                default -> "";
            };
            return "system message: " + kind.word() + about;
        }
    }

    /**
     * The turn of the actor's last message ended here after sending {@code sends} messages (in the
     * trace only when the message's {@link Fingerprint} could not hold the count).
     */
    record TurnSends(int sends) implements TraceEvent {
        @Override
        public String describe() {
            return "end of turn: " + Integer.toUnsignedString(sends) + " messages sent";
        }
    }

    /** The recording thread dropped this many events here; the trace cannot be replayed past it. */
    record Gap(long droppedEvents) implements TraceEvent {
        @Override
        public String describe() {
            return "GAP: " + droppedEvents + " events dropped";
        }
    }

    private static String dataSuffix(long dataId) {
        return dataId == 0 ? ", content not recorded" : ", data " + dataId;
    }
}
