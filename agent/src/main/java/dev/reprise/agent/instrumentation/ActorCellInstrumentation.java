package dev.reprise.agent.instrumentation;

import static net.bytebuddy.matcher.ElementMatchers.isConstructor;
import static net.bytebuddy.matcher.ElementMatchers.named;
import static net.bytebuddy.matcher.ElementMatchers.takesArgument;
import static net.bytebuddy.matcher.ElementMatchers.takesArguments;

import dev.reprise.agent.actor.Actors;
import dev.reprise.agent.actor.Creations;
import dev.reprise.agent.context.Envelopes;
import dev.reprise.agent.context.SystemMessageTurns;
import dev.reprise.agent.context.Turns;
import net.bytebuddy.agent.builder.AgentBuilder;
import net.bytebuddy.asm.Advice;

/**
 * {@code akka.actor.ActorCell}: gets its actor id when built; each {@code invoke} records the
 * processed message; {@code systemInvoke} runs in the actor's context, and its application turns
 * are recorded (in replay, held until their recorded place); {@code sendMessage}
 * records input from outside; {@code newUid} is derived from the new actor's id.
 */
final class ActorCellInstrumentation {
    private ActorCellInstrumentation() {}

    static AgentBuilder apply(AgentBuilder agent) {
        return agent.type(named(HookedTypes.ACTOR_CELL))
                .transform((builder, type, loader, module, domain) -> StateField.add(builder)
                        .visit(Hooks.advice(Built.class, "<init>", isConstructor()))
                        .visit(Hooks.advice(
                                Invoke.class, "invoke", named("invoke").and(takesArguments(1))))
                        .visit(Hooks.advice(
                                SystemInvoke.class,
                                "systemInvoke",
                                named("systemInvoke").and(takesArguments(1))))
                        .visit(Hooks.advice(
                                SendMessage.class,
                                "sendMessage",
                                named("sendMessage")
                                        .and(takesArguments(1))
                                        .and(takesArgument(0, named(HookedTypes.ENVELOPE))))))
                // makeChild calls the companion object's newUid, not ActorCell's static forwarder.
                .type(named(HookedTypes.ACTOR_CELL_COMPANION))
                .transform((builder, type, loader, module, domain) -> builder.visit(
                        Hooks.advice(NewUid.class, "newUid", named("newUid").and(takesArguments(0)))))
                .type(named(HookedTypes.UNSTARTED_CELL))
                .transform((builder, type, loader, module, domain) -> builder.visit(Hooks.advice(
                        SendMessage.class,
                        "sendMessage",
                        named("sendMessage")
                                .and(takesArguments(1))
                                .and(takesArgument(0, named(HookedTypes.ENVELOPE))))));
    }

    static final class Built {
        @Advice.OnMethodExit(suppress = Throwable.class)
        static void exit(@Advice.This Object cell, @Advice.Argument(1) Object self) {
            Actors.cellBuilt(cell, self);
        }
    }

    static final class Invoke {
        @Advice.OnMethodEnter(suppress = Throwable.class)
        static Object enter(@Advice.This Object cell, @Advice.Argument(0) Object envelope) {
            return Turns.beforeInvoke(cell, envelope);
        }

        @Advice.OnMethodExit(suppress = Throwable.class, onThrowable = Throwable.class)
        static void exit(@Advice.This Object cell, @Advice.Enter Object thread) {
            Turns.after(cell, thread);
        }
    }

    static final class SystemInvoke {
        @Advice.OnMethodEnter(suppress = Throwable.class, skipOn = SystemMessageTurns.Held.class)
        static Object enter(@Advice.This Object cell, @Advice.Argument(0) Object message) {
            return Turns.beforeSystemInvoke(cell, message);
        }

        @Advice.OnMethodExit(suppress = Throwable.class, onThrowable = Throwable.class)
        static void exit(@Advice.This Object cell, @Advice.Enter Object thread) {
            Turns.after(cell, thread);
        }
    }

    static final class SendMessage {
        @Advice.OnMethodEnter(suppress = Throwable.class)
        static void enter(@Advice.This Object cell, @Advice.Argument(0) Object envelope) {
            Envelopes.delivering(cell, envelope);
        }
    }

    static final class NewUid {
        @Advice.OnMethodExit(suppress = Throwable.class)
        static void exit(@Advice.Return(readOnly = false) int uid) {
            uid = Creations.uid(uid);
        }
    }
}
