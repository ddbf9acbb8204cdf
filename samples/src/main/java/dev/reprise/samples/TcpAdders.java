package dev.reprise.samples;

import akka.actor.AbstractActor;
import akka.actor.ActorRef;
import akka.actor.ActorSystem;
import akka.actor.Props;
import akka.io.Tcp;
import akka.io.TcpMessage;
import akka.util.ByteString;
import com.typesafe.config.ConfigFactory;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.TimeUnit;

/**
 * Akka IO's outgoing TCP, written as Akka's classic Java documentation writes a client: each of
 * three adder actors connects to a line-based counter service ({@link TcpTally}, at the port given
 * as the only argument), sends {@code add NAME} three times, one line after the other's answer,
 * tells each answer to a reporter actor, which prints them in the order they come, and closes. The
 * adders' lines reach the service in an order that differs from run to run, so the values they get
 * back do too. When every adder has closed, the reporter terminates the actor system and
 * {@code main} prints {@code done}.
 */
public final class TcpAdders {
    private static final int ADDERS = 3;
    private static final int ROUNDS = 3;

    private TcpAdders() {}

    static final class Adder extends AbstractActor {
        private final InetSocketAddress service;
        private final String counter;
        private final ActorRef reporter;
        private int round;

        Adder(InetSocketAddress service, String counter, ActorRef reporter) {
            this.service = service;
            this.counter = counter;
            this.reporter = reporter;
        }

        @Override
        public void preStart() {
            Tcp.get(getContext().getSystem()).manager().tell(TcpMessage.connect(service), getSelf());
        }

        @Override
        public Receive createReceive() {
            return receiveBuilder()
                    .match(Tcp.Connected.class, c -> {
                        getSender().tell(TcpMessage.register(getSelf()), getSelf());
                        getContext().become(connected(getSender()));
                        add(getSender());
                    })
                    .match(Tcp.CommandFailed.class, f -> {
                        reporter.tell(getSelf().path().name() + " cannot connect: " + f, getSelf());
                        reporter.tell(new Finished(), getSelf());
                    })
                    .build();
        }

        private Receive connected(ActorRef connection) {
            return receiveBuilder()
                    .match(Tcp.Received.class, r -> {
                        reporter.tell(
                                getSelf().path().name() + " got "
                                        + r.data()
                                                .decodeString(StandardCharsets.UTF_8)
                                                .trim(),
                                getSelf());
                        if (round < ROUNDS) {
                            add(connection);
                        } else {
                            connection.tell(TcpMessage.close(), getSelf());
                        }
                    })
                    .match(Tcp.ConnectionClosed.class, c -> reporter.tell(new Finished(), getSelf()))
                    .build();
        }

        private void add(ActorRef connection) {
            round++;
            connection.tell(TcpMessage.write(ByteString.fromString("add " + counter + "\n")), getSelf());
        }
    }

    /** An adder is done. */
    record Finished() {}

    /** Prints what the adders got as it comes; when the last adder is done, ends the run. */
    static final class Reporter extends AbstractActor {
        private int finished;

        @Override
        public Receive createReceive() {
            return receiveBuilder()
                    .match(String.class, System.out::println)
                    .match(Finished.class, f -> {
                        if (++finished == ADDERS) {
                            getContext().getSystem().terminate();
                        }
                    })
                    .build();
        }
    }

    public static void main(String[] args) throws Exception {
        if (args.length != 1) {
            System.err.println("usage: TcpAdders PORT");
            System.exit(2);
        }
        InetSocketAddress service = new InetSocketAddress("127.0.0.1", Integer.parseInt(args[0]));
        ActorSystem system = ActorSystem.create(
                "tcp-adders",
                ConfigFactory.parseString("akka.loglevel = WARNING").withFallback(ConfigFactory.load()));
        ActorRef reporter = system.actorOf(Props.create(Reporter.class), "reporter");
        for (int i = 0; i < ADDERS; i++) {
            String counter = i % 2 == 0 ? "x" : "y";
            system.actorOf(Props.create(Adder.class, () -> new Adder(service, counter, reporter)), "adder-" + i);
        }
        system.getWhenTerminated().toCompletableFuture().get(2, TimeUnit.MINUTES);
        System.out.println("done");
    }
}
