package dev.reprise.tools.diff;

import dev.reprise.trace.TraceEvent;

/**
 * The first event at which one actor's recorded order differs between run A and run B.
 *
 * @param place the actor's place (the same actor in both runs)
 * @param idA its id in run A, or null when run A has no such actor
 * @param idB its id in run B, or null when run B has no such actor
 * @param position how many events agree before it (the differing event's index, from 0)
 * @param a run A's event there, or null when run A's events of the actor end before it
 * @param b run B's event there, or null likewise
 * @param why what differs ("another sender")
 * @param rest what the two runs' remaining events of the actor hold against each other
 * @param when how far into the recordings (0 to 1, by chunk, the earlier of the two) the event was written
 */
record ActorDifference(
        int place,
        Long idA,
        Long idB,
        int position,
        TraceEvent a,
        TraceEvent b,
        String why,
        String rest,
        double when) {}
