package dev.reprise.agent.instrumentation;

import static net.bytebuddy.matcher.ElementMatchers.isDeclaredBy;
import static net.bytebuddy.matcher.ElementMatchers.isMethod;
import static net.bytebuddy.matcher.ElementMatchers.named;
import static net.bytebuddy.matcher.ElementMatchers.takesArguments;

import dev.reprise.agent.flavour.Flavour;
import dev.reprise.agent.io.AkkaIo;
import java.lang.reflect.Method;
import java.net.DatagramSocket;
import java.net.Socket;
import java.net.SocketAddress;
import java.nio.ByteBuffer;
import java.nio.channels.DatagramChannel;
import java.nio.channels.ServerSocketChannel;
import java.nio.channels.SocketChannel;
import net.bytebuddy.agent.builder.AgentBuilder;
import net.bytebuddy.asm.MemberSubstitution;

/**
 * Akka IO where network input enters the JVM: in the turns of its TCP listener and connections and
 * of its UDP sockets, the calls to the network (accept, connect and its finish, read, write,
 * receive, send, a socket's addresses and half close) are replaced with {@link AkkaIo}'s, which the mode records or replays. The selector's side is
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
                .type(named(HookedTypes.UDP_LISTENER))
                .transform((builder, type, loader, module, domain) -> builder.visit(Hooks.substitution(
                                replace(DatagramChannel.class, "receive", "receive", ByteBuffer.class),
                                "innerReceive$1",
                                named("innerReceive$1")))
                        .visit(Hooks.substitution(datagramLocalAddress(), "liftedTree1$1", named("liftedTree1$1"))))
                .type(named(HookedTypes.UDP_LISTENER_RECEIVE))
                .transform((builder, type, loader, module, domain) ->
                        builder.visit(Hooks.substitution(datagramLocalAddress(), "applyOrElse", named("applyOrElse"))))
                .type(named(HookedTypes.UDP_SEND))
                .transform((builder, type, loader, module, domain) -> builder.visit(Hooks.substitution(
                        replace(DatagramChannel.class, "send", "send", ByteBuffer.class, SocketAddress.class),
                        "doSend",
                        named(Flavour.current().member("akka$io$WithUdpSend$$doSend")))))
                .type(named(HookedTypes.UDP_CONNECTION))
                .transform((builder, type, loader, module, domain) -> builder.visit(Hooks.substitution(
                                replace(DatagramChannel.class, "read", "read", ByteBuffer.class),
                                "innerRead$1",
                                named("innerRead$1")))
                        .visit(Hooks.substitution(
                                replace(DatagramChannel.class, "write", "write", ByteBuffer.class),
                                "doWrite",
                                named("doWrite"))));
    }

    /** {@code DatagramSocket.getLocalSocketAddress()}: the port a UDP socket was bound to. */
    private static MemberSubstitution datagramLocalAddress() {
        return MemberSubstitution.relaxed()
                .method(named("getLocalSocketAddress").and(takesArguments(0)).and(isDeclaredBy(DatagramSocket.class)))
                .replaceWith(helper("localAddress", DatagramSocket.class));
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
        return Hooks.helper(AkkaIo.class, name, parameters);
    }
}
