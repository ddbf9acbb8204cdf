package dev.reprise.programs;

import akka.actor.AbstractActorWithTimers;
import akka.actor.ActorRef;
import akka.actor.ActorSystem;
import akka.actor.Props;
import com.typesafe.config.ConfigFactory;
import java.time.Duration;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * A seeded bug for {@code reprise hunt}, a timer racing a reply (classic actors with timers): each of
 * {@value #REQUESTERS} requesters asks its quote service for a price and gives up after
 * {@code -Dquote.timeoutMillis} (default 25 ms); the service takes {@code -Dquote.workMillis}
 * (default 15 ms, a timer of its own) to answer. The answer nearly always comes first; when it is
 * late, the requester has given up and is charged for it anyway. {@code main} then exits with
 * status 2. The scheduler ticks every millisecond, so the two timers are that far apart. A pair
 * that never races (its timeout is a second) goes first, so that the JVM has loaded and compiled
 * what the others run.
 */
public final class TimeoutRaceProgram {
    static final int REQUESTERS = 4;
    static final Duration TIMEOUT = Duration.ofMillis(Long.getLong("quote.timeoutMillis", 25));
    static final Duration WORK = Duration.ofMillis(Long.getLong("quote.workMillis", 15));
    static final CountDownLatch quoted = new CountDownLatch(REQUESTERS);
    static final AtomicInteger chargedAfterGivingUp = new AtomicInteger();

    private TimeoutRaceProgram() {}

    record Request() {}

    record Quote(int price) {}

    record Ready(ActorRef requester) {}

    /** Answers each request when its work (a timer) is done. */
    static final class Service extends AbstractActorWithTimers {
        @Override
        public Receive createReceive() {
            return receiveBuilder()
                    .match(Request.class, r -> getTimers().startSingleTimer(getSender(), new Ready(getSender()), WORK))
                    .match(Ready.class, r -> r.requester().tell(new Quote(42), getSelf()))
                    .build();
        }
    }

    /** Asks for a quote and gives up after the timeout; a quote that comes after that is charged all the same. */
    static final class Requester extends AbstractActorWithTimers {
        final ActorRef service;
        final Duration timeout;
        final CountDownLatch quoted;
        boolean gaveUp;

        Requester(ActorRef service, Duration timeout, CountDownLatch quoted) {
            this.service = service;
            this.timeout = timeout;
            this.quoted = quoted;
        }

        @Override
        public Receive createReceive() {
            return receiveBuilder()
                    .matchEquals("start", s -> {
                        service.tell(new Request(), getSelf());
                        getTimers().startSingleTimer("timeout", "timeout", timeout);
                    })
                    .matchEquals("timeout", t -> gaveUp = true)
                    .match(Quote.class, q -> {
                        getTimers().cancel("timeout");
                        if (gaveUp) {
                            chargedAfterGivingUp.incrementAndGet();
                            System.out.println(getSelf().path().name() + " was charged " + q.price()
                                    + " for a quote it had given up on");
                        } else {
                            System.out.println(getSelf().path().name() + " got its quote");
                        }
                        quoted.countDown();
                    })
                    .build();
        }
    }

    /** A service, and a requester that asks it for a quote and gives up after {@code timeout}. */
    static void startPair(ActorSystem system, String name, Duration timeout, CountDownLatch quoted) {
        ActorRef service = system.actorOf(Props.create(Service.class, Service::new), "service-" + name);
        system.actorOf(
                        Props.create(Requester.class, () -> new Requester(service, timeout, quoted)),
                        "requester-" + name)
                .tell("start", ActorRef.noSender());
    }

    public static void main(String[] args) throws InterruptedException {
        ActorSystem system = ActorSystem.create(
                "quotes",
                ConfigFactory.parseString("akka.scheduler.tick-duration = 1ms")
                        .withFallback(ProgramConfig.config(false)));
        CountDownLatch warmedUp = new CountDownLatch(1);
        startPair(system, "warm-up", Duration.ofSeconds(1), warmedUp);
        warmedUp.await();
        for (int i = 0; i < REQUESTERS; i++) {
            startPair(system, String.valueOf(i), TIMEOUT, quoted);
        }
        quoted.await();
        system.terminate();
        system.getWhenTerminated().toCompletableFuture().join();
        System.exit(chargedAfterGivingUp.get() == 0 ? 0 : 2);
    }
}
