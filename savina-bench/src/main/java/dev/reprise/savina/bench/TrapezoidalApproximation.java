package dev.reprise.savina.bench;

import akka.actor.ActorRef;
import akka.actor.ActorSystem;
import akka.actor.Props;
import dev.reprise.savina.BenchActor;
import dev.reprise.savina.Checks;
import dev.reprise.savina.Iteration;
import dev.reprise.savina.RootActor;
import dev.reprise.savina.SavinaBenchmark;
import java.io.Serializable;
import java.time.Duration;
import java.util.concurrent.CompletableFuture;

/**
 * Savina Trapezoidal (TrapezoidalApproximation): the integral of a fixed function over
 * [left, right] by the trapezoid rule, split across workers. Check:
 * {@code round(area * 1e8)}, SOMns constant 27108075 for 100:1000000:1:5, otherwise the same
 * computation done sequentially.
 */
public final class TrapezoidalApproximation implements SavinaBenchmark<TrapezoidalApproximation.Params, Double> {

    /** SOMns {@code verifyResult:} for 100:1000000:1:5. */
    public static final long SOMNS_PAPER_ROUNDED_AREA = 27_108_075L;

    /**
     * @param workers number of worker actors
     * @param pieces number of trapezoids
     * @param left left end of the interval
     * @param right right end of the interval
     */
    public record Params(int workers, int pieces, double left, double right) implements Serializable {}

    record Work(double left, double right, double precision) implements Serializable {}

    record PartialArea(double area) implements Serializable {}

    @Override
    public String name() {
        return "TrapezoidalApproximation";
    }

    @Override
    public Params paper() {
        return new Params(100, 1_000_000, 1, 5);
    }

    @Override
    public Params quick() {
        return new Params(100, 100_000, 1, 5);
    }

    @Override
    public Double run(ActorSystem system, Params p, Duration timeout) throws InterruptedException {
        return Iteration.await(system, name(), f -> Props.create(Master.class, () -> new Master(p, f)), timeout);
    }

    @Override
    public void verify(Params p, Double area) {
        long expected = p.equals(paper()) ? SOMNS_PAPER_ROUNDED_AREA : Checks.rounded(referenceArea(p), 1e8);
        Checks.equal(name(), "round(area * 1e8)", expected, Checks.rounded(area, 1e8));
    }

    /** Sequential reference: the same pieces, worker by worker, in one thread. */
    public static double referenceArea(Params p) {
        double precision = (p.right() - p.left()) / p.pieces();
        double workerRange = (p.right() - p.left()) / p.workers();
        double area = 0.0;
        for (int i = 0; i < p.workers(); i++) {
            double wl = workerRange * i + p.left();
            area += partialArea(wl, wl + workerRange, precision);
        }
        return area;
    }

    /**
     * One worker's part; the loop runs {@code i = 0 .. (long) (n - 1)} for the double
     * {@code n = (r - l) / h}, as SOMns {@code 0 to: n - 1 do:}.
     */
    static double partialArea(double l, double r, double h) {
        double n = (r - l) / h;
        long last = (long) (n - 1);
        double accumArea = 0.0;
        for (long i = 0; i <= last; i++) {
            double lx = i * h + l;
            double rx = lx + h;
            double ly = fx(lx);
            double ry = fx(rx);
            accumArea += 0.5 * (ly + ry) * h;
        }
        return accumArea;
    }

    static double fx(double x) {
        double a = Math.sin(x * x * x - 1.0);
        double b = x + 1.0;
        double c = a / b;
        double d = Math.sqrt(1.0 + Math.exp(Math.sqrt(2.0 * x)));
        return c * d;
    }

    static final class Master extends RootActor<Double> {
        private final Params p;
        private int received;
        private double area;

        Master(Params p, CompletableFuture<Double> completion) {
            super(completion);
            this.p = p;
        }

        @Override
        public void preStart() {
            double precision = (p.right() - p.left()) / p.pieces();
            double workerRange = (p.right() - p.left()) / p.workers();
            for (int i = 0; i < p.workers(); i++) {
                double wl = workerRange * i + p.left();
                ActorRef worker = getContext().actorOf(Props.create(Worker.class, Worker::new));
                worker.tell(new Work(wl, wl + workerRange, precision), getSelf());
            }
        }

        @Override
        public Receive createReceive() {
            return receiveBuilder()
                    .match(PartialArea.class, m -> {
                        received++;
                        area += m.area();
                        if (received == p.workers()) {
                            finish(area);
                        }
                    })
                    .build();
        }
    }

    static final class Worker extends BenchActor {
        @Override
        public Receive createReceive() {
            return receiveBuilder()
                    .match(
                            Work.class,
                            m -> getSender()
                                    .tell(new PartialArea(partialArea(m.left(), m.right(), m.precision())), getSelf()))
                    .build();
        }
    }
}
