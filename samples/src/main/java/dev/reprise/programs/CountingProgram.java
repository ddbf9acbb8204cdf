package dev.reprise.programs;

import akka.actor.AbstractActor;
import akka.actor.ActorRef;
import akka.actor.ActorSystem;
import akka.actor.Props;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;

/**
 * A message-heavy program: a producer floods a counter, which reports back; the producer also
 * creates two helper children that ping-pong a few times. Every actor prints how many messages it
 * processed. Arguments: message count, and "single" for a one-thread dispatcher.
 */
public final class CountingProgram {
    static final CompletableFuture<Void> done = new CompletableFuture<>();

    static final class Counter extends AbstractActor {
        long processed;
        long count;

        @Override
        public Receive createReceive() {
            return receiveBuilder()
                    .matchEquals("inc", m -> {
                        processed++;
                        count++;
                    })
                    .matchEquals("report", m -> {
                        processed++;
                        getSender().tell(count, getSelf());
                    })
                    .build();
        }

        @Override
        public void postStop() {
            System.out.println("processed counter " + processed + " uid "
                    + getSelf().path().uid());
        }
    }

    static final class Pinger extends AbstractActor {
        long processed;
        int left = 10;

        @Override
        public Receive createReceive() {
            return receiveBuilder()
                    .match(ActorRef.class, other -> {
                        processed++;
                        other.tell("ping", getSelf());
                    })
                    .matchEquals("ping", m -> {
                        processed++;
                        if (left-- > 0) {
                            getSender().tell("ping", getSelf());
                        }
                    })
                    .build();
        }

        @Override
        public void postStop() {
            System.out.println("processed " + getSelf().path().name() + " " + processed + " uid "
                    + getSelf().path().uid());
        }
    }

    static final class Producer extends AbstractActor {
        final int n;
        final ActorRef counter;
        long processed;

        Producer(int n, ActorRef counter) {
            this.n = n;
            this.counter = counter;
        }

        @Override
        public void preStart() {
            ActorRef a = getContext().actorOf(Props.create(Pinger.class, Pinger::new), "a");
            ActorRef b = getContext().actorOf(Props.create(Pinger.class, Pinger::new), "b");
            a.tell(b, getSelf());
        }

        @Override
        public Receive createReceive() {
            return receiveBuilder()
                    .matchEquals("go", m -> {
                        processed++;
                        for (int i = 0; i < n; i++) {
                            counter.tell("inc", getSelf());
                        }
                        counter.tell("report", getSelf());
                    })
                    .match(Long.class, count -> {
                        processed++;
                        System.out.println("count " + count);
                        done.complete(null);
                    })
                    .build();
        }

        @Override
        public void postStop() {
            System.out.println("processed producer " + processed + " uid "
                    + getSelf().path().uid());
        }
    }

    public static void main(String[] args) throws Exception {
        int n = Integer.parseInt(args[0]);
        boolean single = args.length > 1 && args[1].equals("single");
        ActorSystem system = ActorSystem.create("counting", ProgramConfig.config(single));
        ActorRef counter = system.actorOf(Props.create(Counter.class, Counter::new), "counter");
        ActorRef producer = system.actorOf(Props.create(Producer.class, () -> new Producer(n, counter)), "producer");
        producer.tell("go", ActorRef.noSender());
        done.get(60, TimeUnit.SECONDS);
        Thread.sleep(200); // let the ping-pong finish
        system.terminate();
        system.getWhenTerminated().toCompletableFuture().get(30, TimeUnit.SECONDS);
    }
}
