package dev.reprise.agent.instrumentation;

import dev.reprise.agent.flavour.Flavour;
import dev.reprise.agent.health.AgentHealth;

/**
 * Whether the application's Akka (or Pekko: the {@link Flavour#current} flavour) is a version the
 * hooks are made for, decided once, when its first class loads, from the {@code version.conf}
 * beside its classes, without loading any of them. Any other version is refused once: its
 * classes load unchanged, nothing is recorded or replayed, and the trace's metadata says why.
 */
final class FlavourVersion {
    private final Flavour flavour = Flavour.current();

    /** Decided for the first of the flavour's types seen: null until then. */
    private volatile Boolean supported;

    /**
     * Whether the flavour's and Scala's types may be instrumented: false once an unsupported
     * version was found (through {@code loader}, which is loading one of its types, or null for
     * any other type).
     */
    boolean allows(ClassLoader loader, String internalName) {
        Boolean s = supported;
        if (s == null && flavour.owns(internalName)) {
            synchronized (this) {
                s = supported;
                if (s == null && flavour.isIn(loader)) {
                    s = decide(flavour.versionIn(loader));
                    supported = s;
                }
            }
        }
        return s == null || s;
    }

    private boolean decide(String version) {
        if (version == null || flavour.supports(version)) {
            return true; // unknown: the hook check says whether the classes are what the hooks expect
        }
        AgentHealth.refuse(flavour.title + " " + version + " found; " + Flavour.SUPPORTED);
        return false;
    }
}
