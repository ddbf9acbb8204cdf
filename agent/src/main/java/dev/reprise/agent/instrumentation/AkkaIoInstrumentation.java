package dev.reprise.agent.instrumentation;

import static net.bytebuddy.matcher.ElementMatchers.isConstructor;
import static net.bytebuddy.matcher.ElementMatchers.isDeclaredBy;
import static net.bytebuddy.matcher.ElementMatchers.isMethod;
import static net.bytebuddy.matcher.ElementMatchers.named;
import static net.bytebuddy.matcher.ElementMatchers.takesArguments;

import dev.reprise.agent.io.AkkaIo;
import java.lang.reflect.Method;
import java.net.Socket;
import java.net.SocketAddress;
import java.nio.ByteBuffer;
import java.nio.channels.ServerSocketChannel;
import java.nio.channels.SocketChannel;
import net.bytebuddy.agent.builder.AgentBuilder;
import net.bytebuddy.asm.MemberSubstitution;

/**
 * Akka IO's TCP where network input enters the JVM: in its listener's and its connections' turns,
 * the calls to the network (accept, connect and its finish, read, write, a socket's addresses and
 * half close) are replaced with {@link AkkaIo}'s, which the mode records or replays. The selector's side is
 * {@link ChannelRegistryInstrumentation}.
 */
final class AkkaIoInstrumentation {
    private AkkaIoInstrumentation() {}

    static AgentBuilder apply(AgentBuilder agent) {
        return agent.type(named(HookedTypes.TCP_LISTENER))
                .transform((builder, type, loader, module, domain) -> builder.visit(Hooks.substitution(
                        replace(ServerSocketChannel.class, "accept", "accept"),
                        "acceptAllPending",
                        named("acceptAllPending"))))
                .type(named(HookedTypes.TCP_CONNECTION))
                .transform((builder, type, loader, module, domain) -> builder.visit(Hooks.substitution(
                                replace(SocketChannel.class, "read", "read", ByteBuffer.class),
                                "innerRead$1",
                                named("innerRead$1")))
                        .visit(Hooks.substitution(
                                replace(Socket.class, "getRemoteSocketAddress", "remoteAddress")
                                        .method(socketMethod("getLocalSocketAddress"))
                                        .replaceWith(helper("localAddress", Socket.class))
                                        .method(socketMethod("isOutputShutdown"))
                                        .replaceWith(helper("isOutputShutdown", Socket.class))
                                        .method(socketMethod("shutdownOutput"))
                                        .replaceWith(helper("shutdownOutput", Socket.class)),
                                "completeConnect, doRead, closeReason, safeShutdownOutput",
                                isMethod().and(isDeclaredBy(named(HookedTypes.TCP_CONNECTION))))))
                .type(named(HookedTypes.TCP_PENDING_BUFFER_WRITE))
                .transform((builder, type, loader, module, domain) -> builder.visit(Hooks.substitution(
                        replace(SocketChannel.class, "write", "write", ByteBuffer.class),
                        "writeToChannel$1",
                        named("writeToChannel$1"))))
                .type(named(HookedTypes.TCP_OUTGOING_CONNECTION))
                .transform((builder, type, loader, module, domain) -> builder.visit(Hooks.substitution(
                        replace(SocketChannel.class, "connect", "connect", SocketAddress.class),
                        "$anonfun$register$1",
                        named("$anonfun$register$1"))))
                .type(named(HookedTypes.TCP_OUTGOING_CONNECTING))
                .transform((builder, type, loader, module, domain) -> builder.visit(Hooks.substitution(
                        replace(SocketChannel.class, "finishConnect", "finishConnect"),
                        "$anonfun$applyOrElse$4",
                        named("$anonfun$applyOrElse$4"))))
                .type(named(HookedTypes.UDP_LISTENER)
                        .or(named(HookedTypes.UDP_CONNECTION))
                        .or(named(HookedTypes.UDP_SENDER)))
                .transform((builder, type, loader, module, domain) ->
                        builder.visit(Hooks.advice(NotCoveredConnection.class, "<init>", isConstructor())));
    }

    /** Calls to {@code type.name(parameters)} are replaced with {@code AkkaIo.helper(type, parameters)}. */
    private static MemberSubstitution replace(Class<?> type, String name, String helper, Class<?>... parameters) {
        Class<?>[] withReceiver = new Class<?>[parameters.length + 1];
        withReceiver[0] = type;
        System.arraycopy(parameters, 0, withReceiver, 1, parameters.length);
        return MemberSubstitution.relaxed()
                .method(named(name).and(takesArguments(parameters)).and(isDeclaredBy(type)))
                .replaceWith(helper(helper, withReceiver));
    }

    private static net.bytebuddy.matcher.ElementMatcher.Junction<net.bytebuddy.description.method.MethodDescription>
            socketMethod(String name) {
        return named(name).and(takesArguments(0)).and(isDeclaredBy(Socket.class));
    }

    private static Method helper(String name, Class<?>... parameters) {
        try {
            return AkkaIo.class.getMethod(name, parameters);
        } catch (NoSuchMethodException e) {
            throw new IllegalStateException("AkkaIo." + name + " is missing", e);
        }
    }

    /** A UDP socket: Akka IO's path that is not recorded. */
    static final class NotCoveredConnection {
        @net.bytebuddy.asm.Advice.OnMethodExit(suppress = Throwable.class)
        static void exit(@net.bytebuddy.asm.Advice.This Object connection) {
            dev.reprise.agent.health.NotCovered.akkaIoConnection(
                    connection.getClass().getName());
        }
    }
}
