package dev.reprise.agent.instrumentation;

import dev.reprise.agent.health.AgentHealth;
import java.io.IOException;
import java.io.InputStream;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The Akka version the application brings, read from {@code version.conf} beside Akka's classes
 * (the file Akka itself reads for {@code akka.version}), without loading any Akka class: the
 * agent instruments only Akka Classic {@value #SUPPORTED}. Any other version is refused once: its
 * classes load unchanged, nothing is recorded or replayed, and the trace's metadata says why.
 */
final class AkkaVersion {
    /** The Akka versions the agent's hooks are made for. */
    static final String SUPPORTED = "2.6.x";
    /** A class in the akka-actor jar, to find the {@code version.conf} of that same jar (not another library's). */
    private static final String ANCHOR = "akka/actor/ActorSystemImpl.class";

    private static final Pattern VERSION = Pattern.compile("akka\\.version\\s*[=:]\\s*\"?([0-9A-Za-z.+-]+)\"?");

    /** Decided for the first Akka type seen: null until then. */
    private volatile Boolean supported;

    /**
     * Whether the Akka and Scala types may be instrumented: false once an unsupported Akka was found
     * (through {@code loader}, which is loading an Akka type, or null for any other type).
     */
    boolean allows(ClassLoader loader, String internalName) {
        Boolean s = supported;
        if (s == null && internalName.startsWith("akka/")) {
            synchronized (this) {
                s = supported;
                if (s == null && hasAkka(loader)) {
                    s = decide(of(loader));
                    supported = s;
                }
            }
        }
        return s == null || s;
    }

    private static boolean decide(String version) {
        if (version == null || isSupported(version)) {
            return true; // unknown: the hook check says whether the classes are what the hooks expect
        }
        AgentHealth.refuse("Akka " + version + " found, but Reprise supports Akka Classic " + SUPPORTED + " only");
        return false;
    }

    private static boolean hasAkka(ClassLoader loader) {
        return (loader == null ? ClassLoader.getSystemClassLoader() : loader).getResource(ANCHOR) != null;
    }

    static boolean isSupported(String version) {
        return version.startsWith("2.6.");
    }

    /** The {@code akka.version} of the akka-actor jar that {@code loader} holds, or null when it cannot tell. */
    static String of(ClassLoader loader) {
        ClassLoader l = loader == null ? ClassLoader.getSystemClassLoader() : loader;
        try {
            var anchor = l.getResource(ANCHOR);
            if (anchor == null) {
                return null;
            }
            String url = anchor.toString();
            URI conf = URI.create(url.substring(0, url.length() - ANCHOR.length()) + "version.conf");
            try (InputStream in = conf.toURL().openStream()) {
                Matcher m = VERSION.matcher(new String(in.readAllBytes(), StandardCharsets.UTF_8));
                return m.find() ? m.group(1) : null;
            }
        } catch (IOException | RuntimeException e) {
            return null;
        }
    }
}
