package dev.reprise.savina;

import akka.actor.ActorRef;
import akka.actor.Props;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;

/** Test root: many children report the thread they ran on. */
final class ThreadProbe extends RootActor<List<String>> {
    private static final int CHILDREN = 16;
    private static final int ROUNDS = 50;
    private final List<String> threads = new ArrayList<>();

    record Probe() {}

    record RanOn(String thread) {}

    static Props props(CompletableFuture<List<String>> completion) {
        return Props.create(ThreadProbe.class, () -> new ThreadProbe(completion));
    }

    ThreadProbe(CompletableFuture<List<String>> completion) {
        super(completion);
    }

    @Override
    public void preStart() {
        threads.add(Thread.currentThread().getName());
        for (int i = 0; i < CHILDREN; i++) {
            ActorRef child = getContext().actorOf(Props.create(Child.class, Child::new));
            for (int r = 0; r < ROUNDS; r++) {
                child.tell(new Probe(), getSelf());
            }
        }
    }

    @Override
    public Receive createReceive() {
        return receiveBuilder()
                .match(RanOn.class, m -> {
                    threads.add(m.thread());
                    if (threads.size() == 1 + CHILDREN * ROUNDS) {
                        finish(List.copyOf(threads));
                    }
                })
                .build();
    }

    static final class Child extends BenchActor {
        @Override
        public Receive createReceive() {
            return receiveBuilder()
                    .match(
                            Probe.class,
                            m -> getSender()
                                    .tell(new RanOn(Thread.currentThread().getName()), getSelf()))
                    .build();
        }
    }
}
