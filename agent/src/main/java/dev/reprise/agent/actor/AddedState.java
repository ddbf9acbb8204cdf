package dev.reprise.agent.actor;

import dev.reprise.agent.context.AgentThread;
import dev.reprise.agent.context.OutsideContext;

/**
 * What the agent keeps on Akka's, Scala's and the JDK's objects, read and written only here: one
 * typed accessor pair per purpose, as OpenTelemetry's {@code VirtualField} does. The field itself
 * ({@link RepriseState}) is untyped, one per class; which purpose a class serves is said here.
 * Readers of a holder the agent always sets use a cast (as cheap as the field load on the hot
 * path); the others test, as the holder may predate the agent or belong to another purpose.
 */
public final class AddedState {
    private AddedState() {}

    /** An actor ref or cell: its actor, or null before one is attached. */
    public static AgentActor actorOf(Object refOrCell) {
        return refOrCell instanceof RepriseState s && s.reprise$state() instanceof AgentActor a ? a : null;
    }

    /** A cell, which gets its actor when it is built: its actor (null only while being built). */
    public static AgentActor actorOfCell(Object cell) {
        return (AgentActor) ((RepriseState) cell).reprise$state();
    }

    public static void setActor(Object refOrCell, AgentActor actor) {
        ((RepriseState) refOrCell).reprise$state(actor);
    }

    /**
     * An envelope, or a stream callback's event queued until its stage starts: the tag of its true
     * sender, or null (made before the agent, or untagged).
     */
    public static Tag tagOf(Object envelope) {
        return ((RepriseState) envelope).reprise$state() instanceof Tag t ? t : null;
    }

    public static void setTag(Object envelope, Tag tag) {
        ((RepriseState) envelope).reprise$state(tag);
    }

    /** A Scala callback ({@code Promise$Transformation}): the outside context it runs in, or null. */
    public static OutsideContext callbackOf(Object transformation) {
        return ((RepriseState) transformation).reprise$state() instanceof OutsideContext c ? c : null;
    }

    public static void setCallback(Object transformation, OutsideContext callback) {
        ((RepriseState) transformation).reprise$state(callback);
    }

    /**
     * A result ({@code scala.util.Success} or {@code Failure}) or a converted stage: the id of
     * what resolved it (a completion, a timer, an outside source), or {@link ActorIds#UNKNOWN}.
     */
    public static long resolverOf(Object result) {
        return result instanceof RepriseState s && s.reprise$state() instanceof Long id ? id : ActorIds.UNKNOWN;
    }

    public static void setResolver(Object result, long resolver) {
        ((RepriseState) result).reprise$state(resolver);
    }

    /** The current thread, if it is one of Akka's dispatcher threads: its agent state, or null (none yet, or another thread). */
    public static AgentThread threadOf(Thread thread) {
        return thread instanceof RepriseState s && s.reprise$state() instanceof AgentThread t ? t : null;
    }

    /** Whether {@code thread} can hold its agent state in a field (Akka's dispatcher threads). */
    public static boolean holdsThreadState(Thread thread) {
        return thread instanceof RepriseState;
    }

    public static void setThread(Thread thread, AgentThread state) {
        ((RepriseState) thread).reprise$state(state);
    }
}
