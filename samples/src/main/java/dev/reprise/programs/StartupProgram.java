package dev.reprise.programs;

import akka.actor.AbstractActor;
import akka.actor.ActorRef;
import akka.actor.ActorSystem;
import akka.actor.Props;
import akka.pattern.Patterns;
import java.io.File;
import java.io.IOException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Enumeration;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.jar.JarEntry;
import java.util.jar.JarFile;

/**
 * A program with many libraries, for the agent's start-up cost ({@code StartupBench}): loads up to
 * N classes (argument 0, default 4000) from the library jars on its class path, round robin over
 * the jars, then starts an actor system and asks an actor with a 1-second timeout, as a service
 * would at start-up. Prints how many classes it loaded and the time from main to the reply.
 */
public final class StartupProgram {
    static final class Echo extends AbstractActor {
        @Override
        public Receive createReceive() {
            return receiveBuilder()
                    .matchAny(m -> getSender().tell("pong", getSelf()))
                    .build();
        }
    }

    public static void main(String[] args) throws Exception {
        long start = System.nanoTime();
        int max = args.length > 0 ? Integer.parseInt(args[0]) : 4000;
        List<List<String>> perJar = new ArrayList<>();
        for (String entry : System.getProperty("java.class.path").split(File.pathSeparator)) {
            if (entry.endsWith(".jar") && !isAkkaOrScala(entry)) {
                perJar.add(classesIn(entry));
            }
        }
        int loaded = 0;
        int failed = 0;
        ClassLoader loader = StartupProgram.class.getClassLoader();
        for (int i = 0; loaded + failed < max; i++) {
            boolean any = false;
            for (List<String> names : perJar) {
                if (i < names.size() && loaded + failed < max) {
                    any = true;
                    try {
                        Class.forName(names.get(i), false, loader);
                        loaded++;
                    } catch (Throwable e) { // a missing optional dependency, a broken class
                        failed++;
                    }
                }
            }
            if (!any) {
                break;
            }
        }
        ActorSystem system = ActorSystem.create("startup", ProgramConfig.config(false));
        ActorRef echo = system.actorOf(Props.create(Echo.class, Echo::new), "echo");
        Object reply = Patterns.ask(echo, "ping", Duration.ofSeconds(1))
                .toCompletableFuture()
                .get(5, TimeUnit.SECONDS);
        System.out.println("jars " + perJar.size() + " classes " + loaded + " failed " + failed + " reply " + reply
                + " ms " + (System.nanoTime() - start) / 1_000_000 + " cpu " + cpuMillis());
        system.terminate();
        system.getWhenTerminated().toCompletableFuture().get(30, TimeUnit.SECONDS);
    }

    /** CPU time of the whole process (every thread) so far, in milliseconds; -1 if unknown. */
    static long cpuMillis() {
        return ProcessHandle.current()
                .info()
                .totalCpuDuration()
                .map(d -> d.toMillis())
                .orElse(-1L);
    }

    private static boolean isAkkaOrScala(String entry) {
        String name = new File(entry).getName();
        return name.startsWith("akka-") || name.startsWith("scala-") || name.startsWith("config-");
    }

    private static List<String> classesIn(String jar) throws IOException {
        List<String> names = new ArrayList<>();
        try (JarFile f = new JarFile(jar)) {
            for (Enumeration<JarEntry> e = f.entries(); e.hasMoreElements(); ) {
                String n = e.nextElement().getName();
                if (n.endsWith(".class")
                        && !n.startsWith("META-INF/")
                        && !n.endsWith("module-info.class")
                        && !n.endsWith("package-info.class")) {
                    names.add(n.substring(0, n.length() - 6).replace('/', '.'));
                }
            }
        }
        return names;
    }
}
