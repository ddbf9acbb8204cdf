package dev.reprise.agent.context;

import akka.actor.ActorRef;
import akka.actor.ActorSystem;
import akka.actor.AddressTerminated;
import akka.actor.FunctionRef;
import dev.reprise.agent.Agent;
import dev.reprise.agent.health.AgentLog;
import dev.reprise.replay.ReplayDivergence;
import java.util.Collections;
import java.util.Map;
import java.util.WeakHashMap;
import scala.Function2;

/**
 * A message told to a function ref (a stream stage's actor, Akka Typed's message adapter) runs
 * its owner's function at once, on the teller's thread, unless the owner has stopped the ref: then
 * it goes to dead letters. Whether the owner had stopped it when another actor's turn told it
 * (the death of a watched actor, a reply) is chance, so it is answered by {@link SharedReads}'
 * rule: recorded in the telling turn; in replay, a ref stopped since runs the function it had
 * when it stopped, and a ref that the recording found stopped sends to dead letters.
 */
public final class FunctionRefs {
    static final String RUNS = "FunctionRef.! (not stopped)";

    /** The function each ref had when it stopped, while the ref lives. */
    private static final Map<FunctionRef, Function2<ActorRef, Object, ?>> STOPPED =
            Collections.synchronizedMap(new WeakHashMap<>());

    private FunctionRefs() {}

    /** {@code ref} stops now; {@code handler} is its function until then. */
    public static void stopping(Object ref, Object handler) {
        try {
            if (!((FunctionRef) ref).isTerminated()) {
                @SuppressWarnings("unchecked")
                Function2<ActorRef, Object, ?> function = (Function2<ActorRef, Object, ?>) handler;
                STOPPED.put((FunctionRef) ref, function);
            }
        } catch (Throwable e) {
            AgentLog.internalError("keeping a function ref's function", e);
        }
    }

    /**
     * {@code message} is told to {@code ref} by {@code sender}: whether it was handled here, as
     * the recording found the ref (else Akka handles it as it is now).
     */
    public static boolean toldInstead(Object ref, Object message, Object sender, Object system) {
        try {
            if (message instanceof AddressTerminated) {
                return false;
            }
            AgentThread t = SharedReads.ownTurn();
            if (t == null || !Agent.mode.features().has(TraceFeatures.FUNCTION_REF_TELLS)) {
                return false; // not a turn's; or an older trace, which did not record it
            }
            FunctionRef r = (FunctionRef) ref;
            boolean live = !r.isTerminated();
            boolean runs = SharedReads.answer(t, RUNS, live);
            if (runs == live) {
                return false;
            }
            Function2<ActorRef, Object, ?> function =
                    runs ? STOPPED.get(r) : FunctionRef.deadLetterMessageHandler((ActorSystem) system);
            if (function == null) {
                return false;
            }
            function.apply((ActorRef) sender, message);
            return true;
        } catch (ReplayDivergence d) {
            throw d;
        } catch (Throwable e) {
            AgentLog.internalError("telling a function ref", e);
            return false;
        }
    }
}
