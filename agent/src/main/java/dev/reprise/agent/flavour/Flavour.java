package dev.reprise.agent.flavour;

import java.io.IOException;
import java.io.InputStream;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The line of Akka a program runs on: Akka itself, or Apache Pekko, its fork under other package
 * names ({@code org.apache.pekko}) and another configuration root ({@code pekko}). The agent is
 * written once, against Akka's names; every name it gives a hook, a class or a configuration key
 * goes through the {@link #current} flavour, and for Pekko the agent's own classes load with
 * Akka's package renamed ({@link RenamedClasses}). Chosen once, at start, before any class that
 * names Akka loads.
 */
public enum Flavour {
    AKKA("Akka", "akka", "akka", "2.6.x to 2.8.x"),
    PEKKO("Pekko", "org.apache.pekko", "pekko", "1.x");

    /** How users call it. */
    public final String title;
    /** The root package of its classes ({@code akka}, {@code org.apache.pekko}). */
    public final String rootPackage;
    /** The root of its configuration ({@code akka.loglevel}, {@code pekko.loglevel}). */
    public final String configRoot;
    /** The versions the agent's hooks are made for, in words. */
    public final String supportedVersions;

    private final String internalRoot;
    private final String mangledRoot;

    Flavour(String title, String rootPackage, String configRoot, String supportedVersions) {
        this.title = title;
        this.rootPackage = rootPackage;
        this.configRoot = configRoot;
        this.supportedVersions = supportedVersions;
        this.internalRoot = rootPackage.replace('.', '/') + "/";
        this.mangledRoot = rootPackage.replace('.', '$') + "$";
    }

    private static volatile Flavour current = AKKA;

    /** The flavour the agent hooks: Akka until the agent chose another. */
    public static Flavour current() {
        return current;
    }

    /** Chooses the flavour, at start, before any class that names Akka's types loads. */
    public static void choose(Flavour flavour) {
        current = flavour;
    }

    /** What every Reprise message says it records. */
    public static final String SUPPORTED =
            "Reprise records Akka " + AKKA.supportedVersions + " and Pekko " + PEKKO.supportedVersions;

    /** This flavour's binary name of Akka's {@code akkaName} ({@code akka.actor.ActorCell}). */
    public String type(String akkaName) {
        return rename(akkaName, "akka.", rootPackage + ".");
    }

    /**
     * This flavour's name of a Scala-mangled member of Akka's ({@code akka$actor$Scheduler$$schedule}):
     * every package path in it renamed, as a trait's setter names its trait's twice
     * ({@code akka$actor$StashSupport$_setter_$akka$actor$StashSupport$$capacity_$eq}).
     */
    public String member(String akkaMangled) {
        return MANGLED_AKKA.matcher(akkaMangled).replaceAll("$1" + Matcher.quoteReplacement(mangledRoot));
    }

    /** {@code akka$} where a mangled name starts, or a package path in it does. */
    private static final Pattern MANGLED_AKKA = Pattern.compile("(^|\\$)akka\\$");

    /** This flavour's configuration key for Akka's {@code akkaKey} ({@code akka.loglevel}). */
    public String config(String akkaKey) {
        return rename(akkaKey, "akka.", configRoot + ".");
    }

    /** Whether the binary or internal class name {@code name} is one of this flavour's. */
    public boolean owns(String name) {
        return name.startsWith(rootPackage + ".") || name.startsWith(internalRoot);
    }

    /** This flavour's internal name for Akka's {@code akkaInternal} ({@code akka/actor/ActorCell}). */
    String internal(String akkaInternal) {
        return rename(akkaInternal, "akka/", internalRoot);
    }

    private static String rename(String name, String akkaPrefix, String prefix) {
        if (!name.startsWith(akkaPrefix)) {
            throw new IllegalArgumentException(name + " is not one of Akka's names");
        }
        return prefix + name.substring(akkaPrefix.length());
    }

    /** The class file of its actor system, which every program of this flavour has, and beside which {@code version.conf} lies. */
    String anchor() {
        return internalRoot + "actor/ActorSystemImpl.class";
    }

    /** Whether {@code loader} (null: the system class loader) can load this flavour's actor system. */
    public boolean isIn(ClassLoader loader) {
        return orSystem(loader).getResource(anchor()) != null;
    }

    /**
     * The flavour whose classes {@code loader} can load, without loading any: Akka when it can
     * load both, null for neither.
     */
    public static Flavour heldBy(ClassLoader loader) {
        return AKKA.isIn(loader) ? AKKA : PEKKO.isIn(loader) ? PEKKO : null;
    }

    /** Whether the hooks are made for {@code version} of this flavour. */
    public boolean supports(String version) {
        return switch (this) {
            case AKKA -> version.startsWith("2.6.") || version.startsWith("2.7.") || version.startsWith("2.8.");
            case PEKKO -> version.startsWith("1.");
        };
    }

    /**
     * The version of this flavour that {@code loader} holds, as its actor jar's {@code version.conf}
     * says (the file Akka and Pekko read for their own version), without loading any of its
     * classes; null when it holds none or does not say.
     */
    public String versionIn(ClassLoader loader) {
        try {
            var anchor = orSystem(loader).getResource(anchor());
            if (anchor == null) {
                return null;
            }
            String url = anchor.toString();
            URI conf = URI.create(url.substring(0, url.length() - anchor().length()) + "version.conf");
            try (InputStream in = conf.toURL().openStream()) {
                Matcher m = Pattern.compile(Pattern.quote(configRoot) + "\\.version\\s*[=:]\\s*\"?([0-9A-Za-z.+-]+)\"?")
                        .matcher(new String(in.readAllBytes(), StandardCharsets.UTF_8));
                return m.find() ? m.group(1) : null;
            }
        } catch (IOException | RuntimeException e) {
            return null;
        }
    }

    private static ClassLoader orSystem(ClassLoader loader) {
        return loader == null ? ClassLoader.getSystemClassLoader() : loader;
    }
}
