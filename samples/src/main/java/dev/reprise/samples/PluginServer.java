package dev.reprise.samples;

import java.net.URLClassLoader;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;

/**
 * A host that serves plugins side by side, as an application server does: each plugin ({@code
 * CLASS_PATH=MAIN_CLASS}) in a parent-first {@link URLClassLoader} of its own (parallel capable; the
 * host's class path has no Akka, so each plugin's Akka and Scala are its own). The host loads and
 * initialises the plugins' main classes on {@code main}, in the order given, then runs all their
 * {@code main} methods at once on a pool, so their actor systems run together; it prints {@code
 * host: plugin N ended} as each ends and exits with {@code System.exit}. Run:
 * {@code java -cp reprise-samples.jar dev.reprise.samples.PluginServer PATH1=MAIN1 PATH2=MAIN2 ...}.
 */
public final class PluginServer {
    private PluginServer() {}

    public static void main(String[] args) throws Exception {
        List<Class<?>> mains = new ArrayList<>();
        for (int i = 0; i < args.length; i++) {
            String[] plugin = args[i].split("=", 2);
            ClassLoader loader = new URLClassLoader(
                    "plugin-" + (i + 1), PluginHost.urls(plugin[0]), PluginServer.class.getClassLoader());
            mains.add(Class.forName(plugin[1], true, loader));
        }
        ExecutorService pool = Executors.newFixedThreadPool(mains.size());
        List<Future<?>> ends = new ArrayList<>();
        for (Class<?> main : mains) {
            ends.add(pool.submit(() -> {
                Thread.currentThread().setContextClassLoader(main.getClassLoader());
                main.getMethod("main", String[].class).invoke(null, (Object) new String[0]);
                return null;
            }));
        }
        int failed = 0;
        for (int i = 0; i < ends.size(); i++) {
            try {
                ends.get(i).get(2, TimeUnit.MINUTES);
                System.out.println("host: plugin " + (i + 1) + " ended");
            } catch (ExecutionException e) {
                System.out.println("host: plugin " + (i + 1) + " failed: " + e.getCause());
                failed++;
            }
        }
        pool.shutdown();
        System.exit(failed == 0 ? 0 : 1);
    }
}
