package dev.reprise.agent.context;

import akka.actor.ExtendedActorSystem;
import akka.actor.Extension;
import akka.actor.ExtensionId;
import dev.reprise.agent.Agent;
import dev.reprise.agent.actor.Tag;
import dev.reprise.agent.flavour.Flavour;
import dev.reprise.agent.health.AgentLog;
import java.security.NoSuchAlgorithmException;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import javax.net.ssl.SSLContext;

/**
 * An Akka extension is made once per actor system, on its first use, in whichever turn (or
 * thread) gets there first, which is chance: Akka HTTP's {@code Http} made by one of several
 * actors that each send a first request. What its making calls (random numbers for its pools, the
 * clock) and creates is not that turn's: it is the doing of a context named after the extension
 * ("extension akka.http.scaladsl.Http$"), as {@link SystemActorCreations} names a {@code /system}
 * actor's creator, so it replays the same whoever makes it. The extension's class is the identity:
 * a system makes each extension once; a second actor system's making of it goes on in the same
 * context, after the first's.
 */
public final class ExtensionCreations {
    /** The making context per extension class: one per name. */
    private final Map<String, OutsideContext> makers = new ConcurrentHashMap<>();

    /** {@code ext.createExtension(system)}, as {@code ActorSystemImpl.registerExtension} calls it, in the extension's own context. */
    public static Extension create(ExtensionId<?> ext, ExtendedActorSystem system) {
        Entered entered = enter(ext.getClass().getName());
        try {
            return ext.createExtension(system);
        } finally {
            exit(entered);
        }
    }

    /**
     * {@code SSLContext.getDefault()}, as Akka HTTP's {@code HttpExt.defaultClientHttpsContext}
     * calls it on the first request of its client: the JDK makes its default TLS context once per
     * JVM, drawing random numbers, in whichever turn asks first. Part of making the extension, in a
     * context of its own.
     */
    public static SSLContext defaultSslContext() throws NoSuchAlgorithmException {
        Entered entered = enter(Flavour.current().type("akka.http.scaladsl.HttpExt") + ".defaultClientHttpsContext");
        try {
            return SSLContext.getDefault();
        } finally {
            exit(entered);
        }
    }

    private static void exit(Entered entered) {
        if (entered != null) {
            AgentThread.current().exitCallback(entered.previous);
        }
    }

    /** Enters the context that makes {@code what}; null when nothing was entered (no agent, or an older trace). */
    private static Entered enter(String what) {
        try {
            Mode m = Agent.mode;
            if (m == null || !m.features().has(TraceFeatures.EXTENSIONS)) {
                return null;
            }
            String name = OutsideContext.EXTENSION_ROOT + what;
            OutsideContext maker = m.extensions.makers.computeIfAbsent(name, n -> OutsideContext.root(n, true));
            long id = maker.actor().id();
            return new Entered(AgentThread.current().enterCallback(Tag.promise(id, id, maker)));
        } catch (Throwable e) {
            AgentLog.internalError("naming an extension's making", e);
            return null;
        }
    }

    private record Entered(Tag previous) {}
}
