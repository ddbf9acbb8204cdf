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
import java.util.concurrent.CompletableFuture;

/**
 * Savina UnbalancedCobwebbedTree (uct), as in SOMns (no "urgent" nodes): the root grows an
 * unbalanced tree of node actors ({@code binomial} children per inner node, chosen by the
 * root's PRNG) until it would exceed {@code nodes}, then traverses it; each node busy-loops for a
 * normally distributed computation size. The result is the number of nodes below the root.
 * Check: SOMns {@code nodes - binomial} for the paper parameters; in general
 * {@code binomial * floor((nodes - 1) / binomial)} (the root grows the tree in steps of
 * {@code binomial} while it stays within {@code nodes}).
 */
public final class UnbalancedCobwebbedTree implements SavinaBenchmark<UnbalancedCobwebbedTree.Params, Long> {

    /**
     * @param nodes maximum number of nodes
     * @param binomial children per inner node
     * @param avgCompSize mean computation size (busy-loop PRNG draws) per node
     * @param stdevCompSize standard deviation of the computation size
     */
    public record Params(int nodes, int binomial, int avgCompSize, int stdevCompSize) implements Serializable {}

    record TryGenerateChildren() implements Serializable {}

    record ShouldGenerateChildren(ActorRef child, int height) implements Serializable {}

    record GenerateChildren(int currentId, int compSize) implements Serializable {}

    record UpdateGrant(int childId) implements Serializable {}

    record Traverse() implements Serializable {}

    record Traversed(long treeSize) implements Serializable {}

    @Override
    public String name() {
        return "UnbalancedCobwebbedTree";
    }

    @Override
    public Params paper() {
        return new Params(100_000, 10, 500, 100);
    }

    @Override
    public Params quick() {
        return new Params(3_000, 10, 100, 20);
    }

    @Override
    public Long run(ActorSystem system, Params p, Duration timeout) throws InterruptedException {
        return Iteration.await(system, name(), f -> Props.create(Root.class, () -> new Root(p, f)), timeout);
    }

    @Override
    public void verify(Params p, Long size) {
        long expected =
                p.equals(paper()) ? p.nodes() - p.binomial() : (long) p.binomial() * ((p.nodes() - 1) / p.binomial());
        Checks.equal(name(), "tree size below the root", expected, size);
    }

    /** SOMns {@code loop:with:}: {@code times} PRNG draws. */
    static long loop(int times, SomRandom random) {
        long result = 0;
        for (int k = 0; k < times; k++) {
            result = random.next();
        }
        return result;
    }

    static final class Root extends RootActor<Long> {
        private final Params p;
        private final SomRandom ran = new SomRandom();
        private final ActorRef[] children;
        private final boolean[] hasGrantChildren;
        private int height = 1;
        private int size = 1;
        private int traversedChildren;
        private long subtreeSize;
        private boolean startedTraversal;

        Root(Params p, CompletableFuture<Long> completion) {
            super(completion);
            this.p = p;
            this.children = new ActorRef[p.binomial()];
            this.hasGrantChildren = new boolean[p.binomial()];
        }

        @Override
        public void preStart() {
            // generateTree
            height++;
            int compSize = nextNormal(p.avgCompSize(), p.stdevCompSize());
            ActorRef root = getSelf();
            int childHeight = height;
            for (int i = 0; i < p.binomial(); i++) {
                int id = size + 1 + i;
                children[i] = getContext()
                        .actorOf(Props.create(Node.class, () -> new Node(p, root, childHeight, id, compSize)));
            }
            size += p.binomial();
            for (ActorRef c : children) {
                c.tell(new TryGenerateChildren(), getSelf());
            }
        }

        @Override
        public Receive createReceive() {
            return receiveBuilder()
                    .match(ShouldGenerateChildren.class, this::shouldGenerateChildren)
                    .match(UpdateGrant.class, m -> hasGrantChildren[m.childId()] = true)
                    .match(Traversed.class, m -> {
                        traversedChildren++;
                        subtreeSize += m.treeSize();
                        if (traversedChildren == p.binomial()) {
                            finish(subtreeSize);
                        }
                    })
                    .build();
        }

        private void shouldGenerateChildren(ShouldGenerateChildren m) {
            if (size + p.binomial() <= p.nodes()) {
                if (ran.nextBoolean()) {
                    int childComp = nextNormal(p.avgCompSize(), p.stdevCompSize());
                    m.child().tell(new GenerateChildren(size, childComp), getSelf());
                    size += p.binomial();
                    if (m.height() + 1 > height) {
                        height = m.height() + 1;
                    }
                } else if (m.height() > height) {
                    height = m.height();
                }
            } else if (!startedTraversal) {
                startedTraversal = true;
                for (ActorRef c : children) {
                    c.tell(new Traverse(), getSelf());
                }
            }
        }

        /** SOMns {@code getNextNormal:with:}: a rounded Gaussian draw, redrawn until positive. */
        private int nextNormal(int mean, int stdev) {
            long result = 0;
            while (result <= 0) {
                result = Math.round(ran.nextGaussian() * stdev + mean);
            }
            return (int) result;
        }
    }

    static final class Node extends BenchActor {
        private final Params p;
        private final ActorRef root;
        private final int myHeight;
        private final int myId;
        private final int myCompSize;
        private final ActorRef[] children;
        private final boolean[] hasGrantChildren;
        private final SomRandom busyLoopRan = new SomRandom();
        private boolean hasChildren;
        private int traversedChildren;
        private long subtreeSize;

        Node(Params p, ActorRef root, int height, int id, int compSize) {
            this.p = p;
            this.root = root;
            this.myHeight = height;
            this.myId = id;
            this.myCompSize = compSize;
            this.children = new ActorRef[p.binomial()];
            this.hasGrantChildren = new boolean[p.binomial()];
        }

        @Override
        public Receive createReceive() {
            return receiveBuilder()
                    .match(TryGenerateChildren.class, m -> {
                        loop(p.avgCompSize() / 50, busyLoopRan);
                        root.tell(new ShouldGenerateChildren(getSelf(), myHeight), getSelf());
                    })
                    .match(GenerateChildren.class, this::generateChildren)
                    .match(UpdateGrant.class, m -> hasGrantChildren[m.childId()] = true)
                    .match(Traverse.class, m -> {
                        traversedChildren = 0;
                        loop(myCompSize, busyLoopRan);
                        if (hasChildren) {
                            for (ActorRef c : children) {
                                c.tell(m, getSelf());
                            }
                        } else {
                            getContext().getParent().tell(new Traversed(1), getSelf());
                        }
                    })
                    .match(Traversed.class, m -> {
                        subtreeSize += m.treeSize();
                        traversedChildren++;
                        if (traversedChildren == p.binomial()) {
                            getContext().getParent().tell(new Traversed(subtreeSize + 1), getSelf());
                        }
                    })
                    .build();
        }

        private void generateChildren(GenerateChildren m) {
            getContext().getParent().tell(new UpdateGrant(myId % p.binomial()), getSelf());
            int childrenHeight = myHeight + 1;
            for (int i = 0; i < p.binomial(); i++) {
                int id = m.currentId() + 1 + i;
                children[i] = getContext()
                        .actorOf(Props.create(Node.class, () -> new Node(p, root, childrenHeight, id, m.compSize())));
            }
            hasChildren = true;
            for (ActorRef c : children) {
                c.tell(new TryGenerateChildren(), getSelf());
            }
        }
    }
}
