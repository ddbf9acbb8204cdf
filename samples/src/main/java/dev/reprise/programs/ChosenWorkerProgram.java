package dev.reprise.programs;

import akka.actor.AbstractActor;
import akka.actor.ActorRef;
import akka.actor.ActorSystem;
import akka.actor.Props;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;

/**
 * Deterministic but for its argument, for diffs: main tells a chooser the argument ("left" or
 * "right", outside input); the chooser tells that worker to go; the worker creates a runner, and
 * the runner reports to a scoreboard. Two recordings with different arguments differ first in the
 * chooser's input, and each later difference follows from it: the workers' messages, the runner
 * (one run's left runner has the id the other run's right runner has), the scoreboard's sender.
 */
public final class ChosenWorkerProgram {
    static final CompletableFuture<String> result = new CompletableFuture<>();

    static final class Scoreboard extends AbstractActor {
        @Override
        public Receive createReceive() {
            return receiveBuilder().match(String.class, result::complete).build();
        }
    }

    static final class Runner extends AbstractActor {
        final ActorRef scoreboard;
        final String side;

        Runner(ActorRef scoreboard, String side) {
            this.scoreboard = scoreboard;
            this.side = side;
        }

        @Override
        public void preStart() {
            scoreboard.tell("run by the " + side + " worker", getSelf());
        }

        @Override
        public Receive createReceive() {
            return receiveBuilder().build();
        }
    }

    static final class Worker extends AbstractActor {
        final ActorRef scoreboard;
        final String side;

        Worker(ActorRef scoreboard, String side) {
            this.scoreboard = scoreboard;
            this.side = side;
        }

        @Override
        public Receive createReceive() {
            return receiveBuilder()
                    .matchEquals(
                            "go",
                            go -> getContext()
                                    .actorOf(Props.create(Runner.class, () -> new Runner(scoreboard, side)), "runner"))
                    .build();
        }
    }

    static final class Chooser extends AbstractActor {
        final ActorRef left;
        final ActorRef right;

        Chooser(ActorRef left, ActorRef right) {
            this.left = left;
            this.right = right;
        }

        @Override
        public Receive createReceive() {
            return receiveBuilder()
                    .match(String.class, side -> (side.equals("left") ? left : right).tell("go", getSelf()))
                    .build();
        }
    }

    public static void main(String[] args) throws Exception {
        String side = args.length > 0 ? args[0] : "left";
        ActorSystem system = ActorSystem.create("chosen", ProgramConfig.config(true));
        ActorRef scoreboard = system.actorOf(Props.create(Scoreboard.class, Scoreboard::new), "scoreboard");
        ActorRef left = system.actorOf(Props.create(Worker.class, () -> new Worker(scoreboard, "left")), "left");
        ActorRef right = system.actorOf(Props.create(Worker.class, () -> new Worker(scoreboard, "right")), "right");
        ActorRef chooser = system.actorOf(Props.create(Chooser.class, () -> new Chooser(left, right)), "chooser");
        chooser.tell(side, ActorRef.noSender());
        System.out.println("result " + result.get(30, TimeUnit.SECONDS));
        system.terminate();
        system.getWhenTerminated().toCompletableFuture().get(30, TimeUnit.SECONDS);
    }
}
