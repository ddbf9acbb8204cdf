package dev.reprise.samples;

import java.io.File;
import java.net.MalformedURLException;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.file.Path;
import java.util.Arrays;

/**
 * A host that runs plugins, as application servers and build tools do: each plugin ({@code
 * CLASS_PATH=MAIN_CLASS}) in a child-first class loader of its own, which loads the plugin's own
 * Akka and Scala before the host's, on a thread of its own, one after the other; the host's class
 * path has no Akka. After each plugin it prints {@code host: plugin N ended}. Run:
 * {@code java -cp reprise-samples.jar dev.reprise.samples.PluginHost PATH1=MAIN1 [PATH2=MAIN2 ...]}.
 */
public final class PluginHost {
    private PluginHost() {}

    public static void main(String[] args) throws Exception {
        for (int i = 0; i < args.length; i++) {
            String[] plugin = args[i].split("=", 2);
            ClassLoader loader = new ChildFirst("plugin-" + (i + 1), urls(plugin[0]));
            Throwable[] failed = new Throwable[1];
            Thread runner = new Thread(() -> run(loader, plugin[1], failed), "plugin-" + (i + 1));
            runner.setContextClassLoader(loader);
            runner.start();
            runner.join();
            if (failed[0] != null) {
                throw new IllegalStateException("plugin " + (i + 1) + " failed", failed[0]);
            }
            System.out.println("host: plugin " + (i + 1) + " ended");
        }
    }

    private static void run(ClassLoader loader, String main, Throwable[] failed) {
        try {
            Class.forName(main, true, loader).getMethod("main", String[].class).invoke(null, (Object) new String[0]);
        } catch (Throwable e) {
            failed[0] = e;
        }
    }

    /** The URLs of the entries of {@code classPath}. */
    static URL[] urls(String classPath) {
        return Arrays.stream(classPath.split(File.pathSeparator))
                .map(entry -> {
                    try {
                        return Path.of(entry).toUri().toURL();
                    } catch (MalformedURLException e) {
                        throw new IllegalArgumentException(entry, e);
                    }
                })
                .toArray(URL[]::new);
    }

    /**
     * Looks in its own jars first, then in the host's: the plugin's Akka even if the host had
     * one. Not registered as parallel capable, as many plugin loaders are not: it loads one class
     * at a time, under its own lock.
     */
    private static final class ChildFirst extends URLClassLoader {
        ChildFirst(String name, URL[] urls) {
            super(name, urls, PluginHost.class.getClassLoader());
        }

        @Override
        protected Class<?> loadClass(String name, boolean resolve) throws ClassNotFoundException {
            synchronized (getClassLoadingLock(name)) {
                Class<?> c = findLoadedClass(name);
                if (c == null && !name.startsWith("java.")) {
                    try {
                        c = findClass(name);
                    } catch (ClassNotFoundException e) {
                        // the host's, or the JDK's
                    }
                }
                return c != null ? c : super.loadClass(name, resolve);
            }
        }
    }
}
