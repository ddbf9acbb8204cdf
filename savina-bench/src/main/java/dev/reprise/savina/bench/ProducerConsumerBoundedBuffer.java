package dev.reprise.savina.bench;

import akka.actor.ActorRef;
import akka.actor.ActorSystem;
import akka.actor.Props;
import dev.reprise.savina.BenchActor;
import dev.reprise.savina.Checks;
import dev.reprise.savina.Iteration;
import dev.reprise.savina.RootActor;
import dev.reprise.savina.SavinaBenchmark;
import dev.reprise.savina.SomRandom;
import java.io.Serializable;
import java.time.Duration;
import java.util.ArrayDeque;
import java.util.concurrent.CompletableFuture;

/**
 * Savina ProducerConsumerBoundedBuffer (bndbuffer): a manager actor buffers items between
 * producers and consumers (production and consumption cost 25). The result is the sum of all
 * produced items. Check: {@code round(sum)}, SOMns constant -43522486 for 40:10:10:60,
 * otherwise a sequential recomputation of the producers' items.
 */
public final class ProducerConsumerBoundedBuffer
        implements SavinaBenchmark<ProducerConsumerBoundedBuffer.Params, Double> {

    /** SOMns {@code verifyResult:} for 40:10:10:60. */
    public static final long SOMNS_PAPER_ROUNDED_SUM = -43_522_486L;

    static final int PROD_COST = 25;
    static final int CONS_COST = 25;

    /**
     * @param bufferSize buffer size
     * @param producers number of producers
     * @param consumers number of consumers
     * @param itemsPerProducer items each producer produces
     */
    public record Params(int bufferSize, int producers, int consumers, int itemsPerProducer) implements Serializable {}

    record ProduceData() implements Serializable {}

    record Data(double datum, ActorRef producer) implements Serializable {}

    record ConsumerAvailable() implements Serializable {}

    record ProducerExit() implements Serializable {}

    @Override
    public String name() {
        return "ProducerConsumerBoundedBuffer";
    }

    @Override
    public Params paper() {
        return new Params(40, 10, 10, 60);
    }

    @Override
    public Params quick() {
        return new Params(40, 5, 5, 10);
    }

    @Override
    public Double run(ActorSystem system, Params p, Duration timeout) throws InterruptedException {
        return Iteration.await(system, name(), f -> Props.create(Manager.class, () -> new Manager(p, f)), timeout);
    }

    @Override
    public void verify(Params p, Double sum) {
        long expected = p.equals(paper()) ? SOMNS_PAPER_ROUNDED_SUM : Math.round(referenceSum(p));
        Checks.equal(name(), "round(sum of produced items)", expected, Math.round(sum));
    }

    /** Sequential reference: the sum of all items every producer produces. */
    public static double referenceSum(Params p) {
        double sum = 0.0;
        for (int producer = 0; producer < p.producers(); producer++) {
            double item = 0.0;
            for (int i = 0; i < p.itemsPerProducer(); i++) {
                item = processItem(item, PROD_COST);
                sum += item;
            }
        }
        return sum;
    }

    /** The SOMns {@code processItem:cost:} (a fresh PRNG seeded with the cost each time). */
    static double processItem(double curTerm, int cost) {
        double res = curTerm;
        SomRandom random = new SomRandom(cost);
        if (cost > 0) {
            for (int i = 0; i < cost; i++) {
                for (int j = 0; j < 100; j++) {
                    res += Math.log(Math.abs(random.nextDouble()) + 0.01);
                }
            }
        } else {
            res += Math.log(Math.abs(random.nextDouble()) + 0.01);
        }
        return res;
    }

    /** The manager is the root: it creates producers and consumers and mediates the buffer. */
    static final class Manager extends RootActor<Double> {
        private final Params p;
        private final int adjustedBufferSize;
        private final ArrayDeque<ActorRef> availableProducers = new ArrayDeque<>();
        private final ArrayDeque<ActorRef> availableConsumers = new ArrayDeque<>();
        private final ArrayDeque<Data> pendingData = new ArrayDeque<>();
        private int terminatedProducers;
        private double dataSum;

        Manager(Params p, CompletableFuture<Double> completion) {
            super(completion);
            this.p = p;
            this.adjustedBufferSize = p.bufferSize() - p.producers();
        }

        @Override
        public void preStart() {
            ActorRef manager = getSelf();
            for (int i = 0; i < p.producers(); i++) {
                ActorRef producer = getContext()
                        .actorOf(Props.create(Producer.class, () -> new Producer(p.itemsPerProducer(), manager)));
                producer.tell(new ProduceData(), getSelf());
            }
            for (int i = 0; i < p.consumers(); i++) {
                ActorRef consumer = getContext().actorOf(Props.create(Consumer.class, () -> new Consumer(manager)));
                availableConsumers.addLast(consumer);
            }
        }

        @Override
        public Receive createReceive() {
            return receiveBuilder()
                    .match(Data.class, m -> {
                        dataSum += m.datum();
                        if (availableConsumers.isEmpty()) {
                            pendingData.addLast(m);
                        } else {
                            availableConsumers.removeFirst().tell(m, getSelf());
                        }
                        if (pendingData.size() >= adjustedBufferSize) {
                            availableProducers.addLast(m.producer());
                        } else {
                            m.producer().tell(new ProduceData(), getSelf());
                        }
                    })
                    .match(ConsumerAvailable.class, m -> {
                        if (pendingData.isEmpty()) {
                            availableConsumers.addLast(getSender());
                            tryExit();
                        } else {
                            getSender().tell(pendingData.removeFirst(), getSelf());
                            if (!availableProducers.isEmpty()) {
                                availableProducers.removeFirst().tell(new ProduceData(), getSelf());
                            }
                        }
                    })
                    .match(ProducerExit.class, m -> {
                        terminatedProducers++;
                        tryExit();
                    })
                    .build();
        }

        private void tryExit() {
            if (terminatedProducers == p.producers() && availableConsumers.size() == p.consumers()) {
                finish(dataSum); // stopping the manager stops the consumers (Savina: exit message)
            }
        }
    }

    static final class Producer extends BenchActor {
        private final int items;
        private final ActorRef manager;
        private double prodItem;
        private int itemsProduced;

        Producer(int items, ActorRef manager) {
            this.items = items;
            this.manager = manager;
        }

        @Override
        public Receive createReceive() {
            return receiveBuilder()
                    .match(ProduceData.class, m -> {
                        if (itemsProduced < items) {
                            prodItem = processItem(prodItem, PROD_COST);
                            manager.tell(new Data(prodItem, getSelf()), getSelf());
                            itemsProduced++;
                        } else {
                            manager.tell(new ProducerExit(), getSelf());
                        }
                    })
                    .build();
        }
    }

    static final class Consumer extends BenchActor {
        private final ActorRef manager;
        private double consItem;

        Consumer(ActorRef manager) {
            this.manager = manager;
        }

        @Override
        public Receive createReceive() {
            return receiveBuilder()
                    .match(Data.class, m -> {
                        consItem = processItem(consItem + m.datum(), CONS_COST);
                        manager.tell(new ConsumerAvailable(), getSelf());
                    })
                    .build();
        }
    }
}
