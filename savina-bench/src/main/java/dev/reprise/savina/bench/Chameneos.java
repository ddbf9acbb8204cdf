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
 * Savina Chameneos: {@code chameneos} creatures meet pairwise through a mall until
 * {@code meetings} meetings happened. Check: the sum of the meeting counts reported by the
 * creatures is {@code 2 * meetings}.
 */
public final class Chameneos implements SavinaBenchmark<Chameneos.Params, Long> {

    /**
     * @param chameneos number of creatures
     * @param meetings number of meetings the mall arranges
     */
    public record Params(int chameneos, int meetings) implements Serializable {}

    /** Chameneos colours with the Savina/SOMns complement table. */
    enum Color {
        RED,
        YELLOW,
        BLUE,
        FADED;

        Color complement(Color other) {
            if (this == FADED || other == FADED) {
                return FADED;
            }
            if (this == other) {
                return this;
            }
            // two different colours give the third one
            return values()[3 - ordinal() - other.ordinal()];
        }
    }

    record Meet(ActorRef chameneo, Color color) implements Serializable {}

    record Change(Color color) implements Serializable {}

    record ExitMall() implements Serializable {}

    record MeetingCount(long count) implements Serializable {}

    @Override
    public String name() {
        return "Chameneos";
    }

    @Override
    public Params paper() {
        return new Params(100, 100_000); // SOMns "100:100000", in Savina's meaning (see README)
    }

    @Override
    public Params quick() {
        return new Params(50, 5_000);
    }

    @Override
    public Long run(ActorSystem system, Params p, Duration timeout) throws InterruptedException {
        return Iteration.await(system, name(), f -> Props.create(Mall.class, () -> new Mall(p, f)), timeout);
    }

    @Override
    public void verify(Params p, Long sumMeetings) {
        Checks.equal(name(), "sum of meetings", 2L * p.meetings(), sumMeetings);
    }

    /** The mall is the root: it creates the creatures, which start by asking for a meeting. */
    static final class Mall extends RootActor<Long> {
        private final Params p;
        private ActorRef waitingChameneo;
        private long sumMeetings;
        private int numFaded;
        private int meetingsLeft;

        Mall(Params p, CompletableFuture<Long> completion) {
            super(completion);
            this.p = p;
            this.meetingsLeft = p.meetings();
        }

        @Override
        public void preStart() {
            Color[] colors = {Color.RED, Color.YELLOW, Color.BLUE};
            for (int i = 0; i < p.chameneos(); i++) {
                Color color = colors[i % 3];
                ActorRef mall = getSelf();
                getContext().actorOf(Props.create(Chameneo.class, () -> new Chameneo(mall, color)));
            }
        }

        @Override
        public Receive createReceive() {
            return receiveBuilder()
                    .match(Meet.class, m -> {
                        if (meetingsLeft > 0) {
                            if (waitingChameneo == null) {
                                waitingChameneo = m.chameneo();
                            } else {
                                meetingsLeft--;
                                waitingChameneo.tell(m, getSelf());
                                waitingChameneo = null;
                            }
                        } else {
                            m.chameneo().tell(new ExitMall(), getSelf());
                        }
                    })
                    .match(MeetingCount.class, m -> {
                        numFaded++;
                        sumMeetings += m.count();
                        if (numFaded == p.chameneos()) {
                            finish(sumMeetings);
                        }
                    })
                    .build();
        }
    }

    static final class Chameneo extends BenchActor {
        private final ActorRef mall;
        private Color color;
        private long meetings;

        Chameneo(ActorRef mall, Color color) {
            this.mall = mall;
            this.color = color;
        }

        @Override
        public void preStart() {
            mall.tell(new Meet(getSelf(), color), getSelf());
        }

        @Override
        public Receive createReceive() {
            return receiveBuilder()
                    .match(Meet.class, m -> {
                        color = color.complement(m.color());
                        meetings++;
                        m.chameneo().tell(new Change(color), getSelf());
                        mall.tell(new Meet(getSelf(), color), getSelf());
                    })
                    .match(Change.class, m -> {
                        color = m.color();
                        meetings++;
                        mall.tell(new Meet(getSelf(), color), getSelf());
                    })
                    .match(ExitMall.class, m -> {
                        color = Color.FADED;
                        getSender().tell(new MeetingCount(meetings), getSelf());
                        getContext().stop(getSelf());
                    })
                    .build();
        }
    }
}
