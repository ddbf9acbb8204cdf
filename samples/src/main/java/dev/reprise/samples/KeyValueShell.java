package dev.reprise.samples;

import akka.actor.AbstractActor;
import akka.actor.ActorRef;
import akka.actor.ActorSystem;
import akka.actor.Props;
import akka.pattern.Patterns;
import com.typesafe.config.ConfigFactory;
import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.TreeMap;
import java.util.concurrent.TimeUnit;

/**
 * A key-value shell driven by standard input: {@code main} reads command lines and tells them to a
 * shell actor, which hands each key to one of four shard actors; the shards answer on the console,
 * and a gatherer actor collects the answers to a question for every shard.
 * Commands: {@code put K V}, {@code get K}, {@code incr K N}, {@code del K}, {@code race K} (ask
 * every shard for K at once; the first answer wins), {@code roll N} (a die in the shell),
 * {@code size} (sum over the shards' answers) and {@code quit}.
 *
 * <p>What races: the shards work in parallel, so their answers reach the console in any order
 * (a {@code get} may overtake the {@code put} before it on another shard's console line); in a
 * race the first answer wins; {@code main} reads faster than the shell works. {@code quit} (an
 * ask from {@code main}) waits until every shard has answered everything, then the program ends.
 */
public final class KeyValueShell {
    private KeyValueShell() {}

    static final int SHARDS = 4;

    record Command(String[] words, int number) {}

    record Question(int command, String text) {}

    /** Keeps a quarter of the keys; answers on the console. */
    static final class Shard extends AbstractActor {
        private final int index;
        private final ActorRef console;
        private final Map<String, Long> store = new TreeMap<>();
        private final Random random = new Random();

        Shard(int index, ActorRef console) {
            this.index = index;
            this.console = console;
        }

        @Override
        public Receive createReceive() {
            return receiveBuilder()
                    .match(Command.class, c -> {
                        Console.jitter(random);
                        String[] w = c.words();
                        String k = w[1];
                        String answer = switch (w[0]) {
                            case "put" -> {
                                store.put(k, Long.parseLong(w[2]));
                                yield k + " := " + w[2];
                            }
                            case "get" -> k + " = " + (store.containsKey(k) ? store.get(k) : "(none)");
                            case "incr" -> k + " = " + store.merge(k, Long.parseLong(w[2]), Long::sum);
                            case "del" -> store.remove(k) != null ? k + " deleted" : k + " was not there";
                            default -> "unknown command " + w[0];
                        };
                        console.tell("#" + c.number() + " shard " + index + ": " + answer, getSelf());
                    })
                    .match(Question.class, q -> {
                        // A question for every shard (race, size, flush): answer the gatherer.
                        Console.jitter(random);
                        String reply = switch (q.text().split(" ")[0]) {
                            case "race" ->
                                "shard " + index
                                        + (store.containsKey(q.text().split(" ")[1])
                                                ? " has " + store.get(q.text().split(" ")[1])
                                                : " has nothing");
                            case "size" -> String.valueOf(store.size());
                            default -> "flushed";
                        };
                        getSender().tell(reply, getSelf());
                    })
                    .build();
        }
    }

    /**
     * Gathers one answer from every shard for one command: a race takes the first, size the sum,
     * quit says bye (to whoever quit) once every shard has answered everything before it.
     */
    static final class Gather extends AbstractActor {
        private final String[] words;
        private final int command;
        private final ActorRef console;
        private final ActorRef asker;
        private int answers;
        private long sum;

        Gather(String[] words, int command, ActorRef console, ActorRef asker) {
            this.words = words;
            this.command = command;
            this.console = console;
            this.asker = asker;
        }

        @Override
        public Receive createReceive() {
            return receiveBuilder()
                    .match(String.class, answer -> {
                        answers++;
                        switch (words[0]) {
                            case "race" -> {
                                if (answers == 1) {
                                    console.tell(
                                            "#" + command + " race " + words[1] + ": first answer from " + answer,
                                            getSelf());
                                }
                            }
                            case "size" -> sum += Long.parseLong(answer);
                            default -> {}
                        }
                        if (answers == SHARDS) {
                            if (words[0].equals("size")) {
                                console.tell("#" + command + " size " + sum, getSelf());
                            } else if (words[0].equals("quit")) {
                                console.tell("#" + command + " bye after " + command + " commands", asker);
                            }
                            getContext().stop(getSelf());
                        }
                    })
                    .build();
        }
    }

    /** Parses each line, routes it to its shard, or asks every shard through a gatherer. */
    static final class Shell extends AbstractActor {
        private final ActorRef console;
        private final List<ActorRef> shards = new ArrayList<>();
        private final Random random = new Random();
        private int number;

        Shell(ActorRef console) {
            this.console = console;
        }

        @Override
        public void preStart() {
            for (int i = 0; i < SHARDS; i++) {
                int index = i;
                shards.add(getContext()
                        .actorOf(Props.create(Shard.class, () -> new Shard(index, console)), "shard-" + i));
            }
        }

        private void askAll(String[] w, int n, String question) {
            ActorRef asker = getSender();
            ActorRef gather = getContext().actorOf(Props.create(Gather.class, () -> new Gather(w, n, console, asker)));
            for (ActorRef shard : shards) {
                shard.tell(new Question(n, question), gather);
            }
        }

        @Override
        public Receive createReceive() {
            return receiveBuilder()
                    .match(String.class, line -> !line.isBlank(), line -> {
                        int n = ++number;
                        String[] w = line.trim().split("\\s+");
                        switch (w[0]) {
                            case "put", "get", "incr", "del" -> {
                                boolean withValue = w[0].equals("put") || w[0].equals("incr");
                                if (w.length < (withValue ? 3 : 2)) {
                                    console.tell(
                                            "#" + n + " usage: " + w[0] + " KEY" + (withValue ? " VALUE" : ""),
                                            getSelf());
                                    return;
                                }
                                shards.get(Math.floorMod(w[1].hashCode(), SHARDS))
                                        .tell(new Command(w, n), getSelf());
                            }
                            case "race" -> askAll(w, n, "race " + w[1]);
                            case "size" -> askAll(w, n, "size");
                            // Each shard answers the flush after everything before it: then the console has it all.
                            case "quit" -> askAll(w, n, "flush");
                            case "roll" ->
                                console.tell(
                                        "#" + n + " rolled " + (1 + random.nextInt(Integer.parseInt(w[1]))), getSelf());
                            default -> console.tell("#" + n + " unknown command: " + line, getSelf());
                        }
                    })
                    .build();
        }
    }

    /** Prints, and answers "bye" to whoever quit. */
    static final class ShellConsole extends AbstractActor {
        @Override
        public Receive createReceive() {
            return receiveBuilder()
                    .match(String.class, line -> {
                        System.out.println(line);
                        if (line.contains(" bye after ")) {
                            getSender().tell("bye", getSelf());
                        }
                    })
                    .build();
        }
    }

    public static void main(String[] args) throws Exception {
        ActorSystem system = ActorSystem.create("kv-shell", ConfigFactory.parseString("akka.loglevel = WARNING"));
        ActorRef console = system.actorOf(Props.create(ShellConsole.class, ShellConsole::new), "console");
        ActorRef shell = system.actorOf(Props.create(Shell.class, () -> new Shell(console)), "shell");
        BufferedReader in = new BufferedReader(new InputStreamReader(System.in, StandardCharsets.UTF_8));
        String line;
        while ((line = in.readLine()) != null && !line.trim().equals("quit")) {
            shell.tell(line, ActorRef.noSender());
        }
        // quit (or the end of the input): wait until the shell has answered everything.
        Patterns.ask(shell, "quit", Duration.ofSeconds(30))
                .toCompletableFuture()
                .get(30, TimeUnit.SECONDS);
        system.terminate();
        system.getWhenTerminated().toCompletableFuture().get(30, TimeUnit.SECONDS);
    }
}
