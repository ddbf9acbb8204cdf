package dev.reprise.agent.instrumentation;

import static net.bytebuddy.matcher.ElementMatchers.isConstructor;
import static net.bytebuddy.matcher.ElementMatchers.isDeclaredBy;
import static net.bytebuddy.matcher.ElementMatchers.named;
import static net.bytebuddy.matcher.ElementMatchers.takesArguments;

import dev.reprise.agent.context.ExtensionCreations;
import javax.net.ssl.SSLContext;
import net.bytebuddy.agent.builder.AgentBuilder;
import net.bytebuddy.asm.MemberSubstitution;

/**
 * Akka HTTP's client: the JDK's default TLS context, which {@code HttpExt} makes on the client's
 * first request, is made in a context of its own ({@link ExtensionCreations#defaultSslContext}),
 * not in the turn that happened to send that request; the client's pool master, made on its first
 * request, says that the client does not replay yet.
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
                                .replaceWith(defaultSslContext()),
                        "defaultClientHttpsContext",
                        named("defaultClientHttpsContext"))))
                .type(named(HookedTypes.HTTP_POOL_MASTER))
                .transform((builder, type, loader, module, domain) ->
                        builder.visit(Hooks.advice(NotCoveredClient.class, "<init>", isConstructor())));
    }

    /** The client's pool master is made on its first request: the client is said not to replay yet. */
    static final class NotCoveredClient {
        @net.bytebuddy.asm.Advice.OnMethodExit(suppress = Throwable.class)
        static void exit() {
            dev.reprise.agent.health.NotCovered.akkaHttpClient();
        }
    }

    private static java.lang.reflect.Method defaultSslContext() {
        try {
            return ExtensionCreations.class.getMethod("defaultSslContext");
        } catch (NoSuchMethodException e) {
            throw new IllegalStateException("ExtensionCreations.defaultSslContext is missing", e);
        }
    }
}
