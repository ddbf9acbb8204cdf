package dev.reprise.agent.io;

import dev.reprise.agent.flavour.Flavour;
import dev.reprise.agent.health.AgentLog;
import java.lang.reflect.InvocationHandler;
import java.lang.reflect.Proxy;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.Locale;
import scala.Function0;
import scala.Tuple2;

/**
 * Akka HTTP's {@code Date} header, rendered from the clock in the turn that renders a response.
 * Akka HTTP keeps the rendered header in state shared by every connection, dropped by a timer
 * task a second after it was last used; whether a response renders it anew, and so sets the timer,
 * depends on how far that task has run, which no mailbox orders. The agent puts a rendering
 * without that state in its place: the same header, read from the clock each time (a call the
 * turn records, {@code akka.http.} being recorded by default).
 */
public final class HttpDates {
    private static final String RENDERING =
            Flavour.current().type("akka.http.impl.engine.rendering.DateHeaderRendering");
    /** As Akka HTTP renders it: RFC 1123, two-digit day, GMT. */
    private static final DateTimeFormatter RFC_1123 = DateTimeFormatter.ofPattern(
                    "EEE, dd MMM yyyy HH:mm:ss 'GMT'", Locale.US)
            .withZone(ZoneOffset.UTC);

    private HttpDates() {}

    /**
     * The rendering to use in place of {@code shared}, which reads the clock through {@code now};
     * {@code shared} itself if it is one of these already (made by the other {@code apply}).
     */
    public static Object withoutSharedState(Object shared, Object now) {
        if (shared != null
                && Proxy.isProxyClass(shared.getClass())
                && Proxy.getInvocationHandler(shared) instanceof Rendering) {
            return shared;
        }
        try {
            ClassLoader loader = shared.getClass().getClassLoader();
            Class<?> type = Class.forName(RENDERING, false, loader);
            @SuppressWarnings("unchecked")
            Function0<Object> clock = (Function0<Object>) now;
            Rendering rendering = (proxy, method, args) -> switch (method.getName()) {
                case "renderHeaderValue" -> value(clock);
                case "renderHeaderPair" -> new Tuple2<>("date", value(clock));
                case "renderHeaderBytes" -> ("Date: " + value(clock) + "\r\n").getBytes(StandardCharsets.US_ASCII);
                case "hashCode" -> System.identityHashCode(proxy);
                case "equals" -> proxy == args[0];
                default -> "Reprise's Date header rendering";
            };
            return Proxy.newProxyInstance(loader, new Class<?>[] {type}, rendering);
        } catch (Throwable e) {
            AgentLog.internalError("rendering Akka HTTP's Date header", e);
            return shared;
        }
    }

    /** The proxy's handler: a type of its own, by which a rendering made here is known. */
    private interface Rendering extends InvocationHandler {}

    private static String value(Function0<Object> clock) {
        return RFC_1123.format(Instant.ofEpochMilli((Long) clock.apply()));
    }
}
