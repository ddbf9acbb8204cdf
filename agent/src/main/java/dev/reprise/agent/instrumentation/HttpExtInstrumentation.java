package dev.reprise.agent.instrumentation;

import static net.bytebuddy.matcher.ElementMatchers.isDeclaredBy;
import static net.bytebuddy.matcher.ElementMatchers.isPublic;
import static net.bytebuddy.matcher.ElementMatchers.named;
import static net.bytebuddy.matcher.ElementMatchers.namedOneOf;
import static net.bytebuddy.matcher.ElementMatchers.takesArguments;

import dev.reprise.agent.context.ExtensionCreations;
import javax.net.ssl.SSLContext;
import net.bytebuddy.agent.builder.AgentBuilder;
import net.bytebuddy.asm.MemberSubstitution;

/**
 * Akka HTTP's client: the JDK's default TLS context, which {@code HttpExt} makes on the client's
 * first request, is made in a context of its own ({@link ExtensionCreations#defaultSslContext}),
 * not in the turn that happened to send that request; a use of the client (a request, a pool, a
 * connection) says that the client does not replay yet.
 */
final class HttpExtInstrumentation {
    private HttpExtInstrumentation() {}

    static AgentBuilder apply(AgentBuilder agent) {
        return agent.type(named(HookedTypes.HTTP_EXT))
                .transform((builder, type, loader, module, domain) -> builder.visit(Hooks.substitution(
                                MemberSubstitution.relaxed()
                                        .method(named("getDefault")
                                                .and(takesArguments(0))
                                                .and(isDeclaredBy(SSLContext.class)))
                                        .replaceWith(Hooks.helper(ExtensionCreations.class, "defaultSslContext")),
                                "defaultClientHttpsContext",
                                named("defaultClientHttpsContext")))
                        .visit(Hooks.advice(
                                NotCoveredClient.class,
                                "singleRequest, superPool, cachedHostConnectionPool, newHostConnectionPool, "
                                        + "outgoingConnection",
                                isPublic()
                                        .and(namedOneOf(
                                                "singleRequest",
                                                "superPool",
                                                "cachedHostConnectionPool",
                                                "newHostConnectionPool",
                                                "outgoingConnection")))));
    }

    /** The client is used (a request, a pool, a connection): it is said not to replay yet. */
    static final class NotCoveredClient {
        @net.bytebuddy.asm.Advice.OnMethodEnter(suppress = Throwable.class)
        static void enter() {
            dev.reprise.agent.health.NotCovered.akkaHttpClient();
        }
    }
}
