package dev.reprise.trace;

import java.util.List;

/**
 * A run of one actor's events written by one thread without interruption. The reader puts an
 * actor's subtraces back in {@code counter} order (the counter is unwrapped from its 32 recorded
 * bits, so it keeps growing past 2^32).
 */
public record Subtrace(int actor, long counter, List<TraceEvent> events, ChunkInfo origin) {
    public Subtrace {
        events = List.copyOf(events);
    }
}
