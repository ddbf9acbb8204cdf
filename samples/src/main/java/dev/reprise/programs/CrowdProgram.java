package dev.reprise.programs;

import akka.actor.typed.ActorRef;
import akka.actor.typed.ActorSystem;
import akka.actor.typed.Behavior;
import akka.actor.typed.javadsl.Behaviors;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;

/**
 * Many Akka Typed actors passing tokens (-Dcrowd.people, default {@value #DEFAULT_PEOPLE}, more
 * than a trace chunk's 256 short-form slots; -Dcrowd.tokens, default {@value #DEFAULT_TOKENS}),
 * {@value #HOPS} hops each, to the person the token and the holder's own tally pick; three pool
 * tasks hand the tokens in at once, so each run passes them in another order. Each person's tally
 * depends on the order it was handed tokens, and a counter prints the order tokens came home in
 * and a digest of them; it ends when the counter has every token and stops the system.
 *
 * <p>The tasks send only after the guardian has spawned everyone: a replay that injected a token
 * from the trace before its task sent it again let a person read the list before it was filled,
 * and stopped matching the recording (the agent's {@code PoolTaskInputIT}).
 */
public final class CrowdProgram {
    static final int DEFAULT_PEOPLE = 1200;
    static final int DEFAULT_TOKENS = 600;
    static final int PEOPLE = Integer.getInteger("crowd.people", DEFAULT_PEOPLE);
    static final int TOKENS = Integer.getInteger("crowd.tokens", DEFAULT_TOKENS);
    static final int HOPS = 12;

    private CrowdProgram() {}

    record Token(int id, int hopsLeft, long trail) {}

    record Home(int id, int person, long trail) {}

    static Behavior<Token> person(int me, List<ActorRef<Token>> people, ActorRef<Home> counter) {
        long[] tally = {me};
        return Behaviors.receiveMessage(t -> {
            tally[0] = tally[0] * 31 + t.id();
            long trail = t.trail() * 17 + tally[0];
            if (t.hopsLeft() == 0) {
                counter.tell(new Home(t.id(), me, trail));
            } else {
                int next = (int) Math.floorMod(trail, (long) PEOPLE);
                people.get(next).tell(new Token(t.id(), t.hopsLeft() - 1, trail));
            }
            return Behaviors.same();
        });
    }

    static Behavior<Home> counter() {
        List<Home> home = new ArrayList<>();
        return Behaviors.receive((context, h) -> {
            home.add(h);
            if (home.size() == TOKENS) {
                long digest = 0;
                for (Home x : home) {
                    digest = digest * 1_000_003 + x.trail();
                }
                StringBuilder first = new StringBuilder();
                for (Home x : home.subList(0, 12)) {
                    first.append(' ').append(x.id()).append('@').append(x.person());
                }
                System.out.println("home first" + first);
                System.out.println("digest " + Long.toHexString(digest));
                context.getSystem().terminate();
            }
            return Behaviors.same();
        });
    }

    public static void main(String[] args) throws Exception {
        CompletableFuture<List<ActorRef<Token>>> spawned = new CompletableFuture<>();
        ActorSystem<Void> system = ActorSystem.create(
                Behaviors.setup(context -> {
                    ActorRef<Home> counter = context.spawn(counter(), "counter");
                    List<ActorRef<Token>> all = new ArrayList<>();
                    for (int i = 0; i < PEOPLE; i++) {
                        all.add(context.spawn(person(i, all, counter), "person" + i));
                    }
                    spawned.complete(all); // no token moves before: the people read the list only then
                    return Behaviors.empty();
                }),
                "crowd",
                ProgramConfig.config(false));
        List<ActorRef<Token>> people = spawned.get(1, TimeUnit.MINUTES);
        ExecutorService pool = Executors.newFixedThreadPool(3);
        for (int task = 0; task < 3; task++) {
            int first = task;
            pool.execute(() -> {
                for (int id = first; id < TOKENS; id += 3) {
                    people.get(id * 7 % PEOPLE).tell(new Token(id, HOPS, id));
                }
            });
        }
        pool.shutdown();
        system.getWhenTerminated().toCompletableFuture().get(2, TimeUnit.MINUTES);
        System.out.println("crowd done");
    }
}
