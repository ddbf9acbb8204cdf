package dev.reprise.samples;

import static akka.actor.SupervisorStrategy.escalate;
import static akka.actor.SupervisorStrategy.restart;
import static akka.actor.SupervisorStrategy.stop;
import static akka.pattern.Patterns.ask;
import static akka.pattern.Patterns.pipe;

import akka.actor.AbstractActor;
import akka.actor.ActorRef;
import akka.actor.ActorSystem;
import akka.actor.OneForOneStrategy;
import akka.actor.Props;
import akka.actor.ReceiveTimeout;
import akka.actor.Status;
import akka.actor.SupervisorStrategy;
import akka.actor.Terminated;
import akka.event.Logging;
import akka.event.LoggingAdapter;
import akka.event.LoggingReceive;
import akka.japi.pf.DeciderBuilder;
import com.typesafe.config.ConfigFactory;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;

/**
 * Akka's fault handling sample ("FaultHandlingDocSample"), shortened to a second or so: a worker
 * increments a counter service on a timer and asks it for the count ({@code Patterns.ask}), piping
 * the progress ({@code Patterns.pipe}) to a listener. The counter service keeps the count in a
 * counter actor that stores it in a storage actor, which fails at random: the counter service
 * restarts it (three times within five seconds, then it stops, and the service reconnects after a
 * while), and escalates a corrupt store to the worker, which restarts the whole counter service.
 *
 * <p>What races: the timer's increments with the storage's failures and restarts, the asks' replies
 * with the next increments, the reconnects. Everything is logged through Akka's logging at DEBUG
 * ({@code akka.loglevel = DEBUG} with the sample's {@code receive} debug logging), so the output is
 * the logger's order of events. When the progress reaches 100% the listener ends the program with
 * {@code System.exit(0)}.
 *
 * <p>The sample also turns on {@code akka.actor.debug.lifecycle}; not here. Its "now watched by"
 * lines come from Akka's event-stream unsubscriber watching the logger and the dead-letter
 * listener, and whether the unsubscriber is told to by {@code main} or by the dead-letter listener
 * is a race in Akka's start-up (shared state in {@code EventStream}, no message): a replay that
 * goes the other way never gets the line the logger waits for, and holds up every later line.
 */
public final class FaultHandling {
    private FaultHandling() {}

    public static void main(String[] args) {
        ActorSystem system = ActorSystem.create(
                "FaultToleranceSample",
                ConfigFactory.parseString("akka.loglevel = DEBUG\nakka.actor.debug.receive = on\n"));
        ActorRef worker = system.actorOf(Props.create(Worker.class, Worker::new), "worker");
        ActorRef listener = system.actorOf(Props.create(Listener.class, Listener::new), "listener");
        // The listener is the sender of Start: it receives the worker's progress.
        worker.tell(Worker.START, listener);
    }

    /** Listens on progress from the worker and ends the program when enough work has been done. */
    public static class Listener extends AbstractActor {
        final LoggingAdapter log = Logging.getLogger(getContext().getSystem(), this);

        @Override
        public void preStart() {
            // If we don't get any progress within 15 seconds then the service is unavailable.
            getContext().setReceiveTimeout(Duration.ofSeconds(15));
        }

        @Override
        public Receive createReceive() {
            return LoggingReceive.create(
                    receiveBuilder()
                            .match(Progress.class, progress -> {
                                log.debug("Current progress: {} %", String.format("%.1f", progress.percent()));
                                if (progress.percent() >= 100.0) {
                                    log.info("That's all, shutting down");
                                    System.exit(0);
                                }
                            })
                            .match(
                                    Status.Failure.class,
                                    f -> log.warning(
                                            "No progress this time: {}",
                                            f.cause().getMessage()))
                            .matchEquals(ReceiveTimeout.getInstance(), x -> {
                                log.error("Shutting down due to unavailable service");
                                System.exit(1);
                            })
                            .build(),
                    getContext());
        }
    }

    record Progress(double percent) {}

    /** Performs some work when it receives Start; stops the counter service when it is unavailable. */
    public static class Worker extends AbstractActor {
        static final String START = "Start";
        static final String DO = "Do";

        final LoggingAdapter log = Logging.getLogger(getContext().getSystem(), this);
        final Duration askTimeout = Duration.ofMillis(500);
        final int totalCount = 60;
        ActorRef progressListener;
        final ActorRef counterService =
                getContext().actorOf(Props.create(CounterService.class, CounterService::new), "counter");
        int restarts;

        // Stop the CounterService child if it throws ServiceUnavailable; restart it on what it escalates.
        @Override
        public SupervisorStrategy supervisorStrategy() {
            return new OneForOneStrategy(DeciderBuilder.match(ServiceUnavailable.class, e -> stop())
                    .matchAny(e -> {
                        restarts++;
                        log.info("Restarting the counter service ({} so far) after {}", restarts, e.getMessage());
                        return restart();
                    })
                    .build());
        }

        @Override
        public Receive createReceive() {
            return LoggingReceive.create(
                    receiveBuilder()
                            .matchEquals(START, x -> progressListener == null, x -> {
                                progressListener = getSender();
                                getContext()
                                        .getSystem()
                                        .scheduler()
                                        .scheduleWithFixedDelay(
                                                Duration.ZERO,
                                                Duration.ofMillis(20),
                                                getSelf(),
                                                DO,
                                                getContext().getDispatcher(),
                                                ActorRef.noSender());
                            })
                            .matchEquals(DO, x -> {
                                counterService.tell(new Increment(1), getSelf());
                                counterService.tell(new Increment(1), getSelf());
                                counterService.tell(new Increment(1), getSelf());
                                // Send current progress to the initial sender.
                                pipe(
                                                ask(counterService, CounterService.GET_CURRENT_COUNT, askTimeout)
                                                        .thenApply(o -> new Progress(
                                                                100.0 * ((CurrentCount) o).count() / totalCount)),
                                                getContext().getDispatcher())
                                        .to(progressListener);
                            })
                            .build(),
                    getContext());
        }
    }

    record Increment(long n) {}

    record CurrentCount(String key, long count) {}

    record UseStorage(ActorRef storage) {}

    record Entry(String key, long value) {}

    record Get(String key) {}

    record Store(Entry entry) {}

    public static class ServiceUnavailable extends RuntimeException {
        ServiceUnavailable(String msg) {
            super(msg);
        }
    }

    /**
     * Adds the value received in Increment to a persistent counter and replies with the current
     * count to GetCurrentCount. Delegates to a Counter, whose count it gets from Storage.
     */
    public static class CounterService extends AbstractActor {
        static final String GET_CURRENT_COUNT = "GetCurrentCount";
        static final String RECONNECT = "Reconnect";

        record SenderMsgPair(ActorRef sender, Object msg) {}

        final LoggingAdapter log = Logging.getLogger(getContext().getSystem(), this);
        final String key = getSelf().path().name();
        ActorRef storage;
        ActorRef counter;
        final List<SenderMsgPair> backlog = new ArrayList<>();
        final int maxBacklog = 10000;
        int storageRestarts;

        // Restart the storage child when StorageException is thrown. After 3 restarts within 5
        // seconds it is stopped. Anything else goes up to the worker.
        @Override
        public SupervisorStrategy supervisorStrategy() {
            return new OneForOneStrategy(
                    3,
                    Duration.ofSeconds(5),
                    DeciderBuilder.match(StorageException.class, e -> {
                                storageRestarts++;
                                log.info("Storage failure {}: {}", storageRestarts, e.getMessage());
                                return restart();
                            })
                            .matchAny(e -> escalate())
                            .build());
        }

        @Override
        public void preStart() {
            initStorage();
        }

        // The child storage is restarted in case of failure, but after 3 restarts, and still failing,
        // it is stopped. Better to back off than to continuously fail. When it has been stopped we
        // schedule a Reconnect after a delay. Watch the child so we receive Terminated.
        void initStorage() {
            storage = getContext().watch(getContext().actorOf(Props.create(Storage.class, Storage::new), "storage"));
            // Tell the counter, if any, to use the new storage.
            if (counter != null) {
                counter.tell(new UseStorage(storage), getSelf());
            }
            // We need the initial value to be able to operate.
            storage.tell(new Get(key), getSelf());
        }

        @Override
        public Receive createReceive() {
            return LoggingReceive.create(
                    receiveBuilder()
                            .match(Entry.class, entry -> entry.key().equals(key) && counter == null, entry -> {
                                // Reply from Storage of the initial value; now we can create the Counter.
                                counter = getContext()
                                        .actorOf(Props.create(Counter.class, () -> new Counter(key, entry.value())));
                                // Tell the counter to use the current storage.
                                counter.tell(new UseStorage(storage), getSelf());
                                // And send the buffered backlog to the counter.
                                for (SenderMsgPair each : backlog) {
                                    counter.tell(each.msg(), each.sender());
                                }
                                backlog.clear();
                            })
                            .match(Increment.class, this::forwardOrPlaceInBacklog)
                            .matchEquals(GET_CURRENT_COUNT, this::forwardOrPlaceInBacklog)
                            .match(Terminated.class, o -> {
                                // After 3 restarts the storage child is stopped. We receive Terminated because we
                                // watch the child, see initStorage.
                                storage = null;
                                // Tell the counter that there is no storage for the moment.
                                counter.tell(new UseStorage(null), getSelf());
                                // Try to re-establish storage after a while.
                                getContext()
                                        .getSystem()
                                        .scheduler()
                                        .scheduleOnce(
                                                Duration.ofMillis(100),
                                                getSelf(),
                                                RECONNECT,
                                                getContext().getDispatcher(),
                                                ActorRef.noSender());
                            })
                            .matchEquals(RECONNECT, o -> initStorage())
                            .build(),
                    getContext());
        }

        void forwardOrPlaceInBacklog(Object msg) {
            // We need the initial value from storage before we can start delegating to the counter.
            // Before that we place the messages in a backlog, to be sent to the counter when it is
            // initialized.
            if (counter == null) {
                if (backlog.size() >= maxBacklog) {
                    throw new ServiceUnavailable("CounterService not available, lack of initial value");
                }
                backlog.add(new SenderMsgPair(getSender(), msg));
            } else {
                counter.forward(msg, getContext());
            }
        }
    }

    /** Holds the current count in memory and stores it in Storage on every change. */
    public static class Counter extends AbstractActor {
        final String key;
        long count;
        ActorRef storage;

        Counter(String key, long initialValue) {
            this.key = key;
            this.count = initialValue;
        }

        @Override
        public Receive createReceive() {
            return LoggingReceive.create(
                    receiveBuilder()
                            .match(UseStorage.class, useStorage -> {
                                storage = useStorage.storage();
                                storeCount();
                            })
                            .match(Increment.class, increment -> {
                                count += increment.n();
                                storeCount();
                            })
                            .matchEquals(
                                    CounterService.GET_CURRENT_COUNT,
                                    gcc -> getSender().tell(new CurrentCount(key, count), getSelf()))
                            .build(),
                    getContext());
        }

        void storeCount() {
            // Delegate dangerous work, to protect our valuable state. We can continue without storage.
            if (storage != null) {
                storage.tell(new Store(new Entry(key, count)), getSelf());
            }
        }
    }

    public static class StorageException extends RuntimeException {
        StorageException(String msg) {
            super(msg);
        }
    }

    /**
     * Saves key/value pairs to persistent storage when receiving Store, replies with the current
     * value to Get. Throws StorageException when the underlying data store is out of order.
     */
    public static class Storage extends AbstractActor {
        final DummyDB db = DummyDB.instance;
        final Random random = new Random();

        @Override
        public Receive createReceive() {
            return LoggingReceive.create(
                    receiveBuilder()
                            .match(Store.class, store -> {
                                Console.jitter(random);
                                db.save(store.entry().key(), store.entry().value(), random.nextInt(100));
                            })
                            .match(
                                    Get.class,
                                    get -> getSender().tell(new Entry(get.key(), db.load(get.key())), getSelf()))
                            .build(),
                    getContext());
        }
    }

    /** A database that fails now and then, by the dice its caller throws. */
    public static class DummyDB {
        public static final DummyDB instance = new DummyDB();
        private final Map<String, Long> db = new HashMap<>();

        public synchronized void save(String key, long value, int dice) {
            if (dice < 6) {
                throw new StorageException("Simulated store failure " + value);
            }
            if (dice < 9) {
                throw new IllegalStateException("Simulated corrupt store at " + value);
            }
            db.put(key, value);
        }

        public synchronized long load(String key) {
            Long value = db.get(key);
            return value == null ? 0 : value;
        }
    }
}
