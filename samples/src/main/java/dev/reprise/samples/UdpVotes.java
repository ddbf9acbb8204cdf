package dev.reprise.samples;

import akka.actor.AbstractActor;
import akka.actor.ActorRef;
import akka.actor.ActorSystem;
import akka.actor.Props;
import akka.io.Udp;
import akka.io.UdpMessage;
import akka.util.ByteString;
import com.typesafe.config.ConfigFactory;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.TreeMap;

/**
 * A UDP service on Akka IO, written as Akka's classic Java documentation writes one: a listener
 * actor binds a datagram socket on loopback (any free port, written to the file named by the first
 * argument) and hands each datagram to a ballot actor, which counts {@code vote NAME [by WHO]},
 * prints each ballot with the count, and answers the datagram's sender with the count. Several clients make the order of those lines
 * differ from run to run. {@code close} prints the totals, unbinds and terminates the actor system;
 * {@code main} returns at once, and the JVM ends when the system's threads do.
 */
public final class UdpVotes {
    private UdpVotes() {}

    /** A datagram's text and who sent it. */
    record Ballot(String text, InetSocketAddress from) {}

    static final class Listener extends AbstractActor {
        private final ActorRef ballots;
        private final Path portFile;

        Listener(ActorRef ballots, Path portFile) {
            this.ballots = ballots;
            this.portFile = portFile;
        }

        @Override
        public void preStart() {
            Udp.get(getContext().getSystem())
                    .getManager()
                    .tell(UdpMessage.bind(getSelf(), new InetSocketAddress("127.0.0.1", 0)), getSelf());
        }

        @Override
        public Receive createReceive() {
            return receiveBuilder()
                    .match(Udp.Bound.class, bound -> {
                        System.out.println("bound");
                        Files.writeString(
                                portFile, Integer.toString(bound.localAddress().getPort()));
                        getContext().become(ready(getSender()));
                    })
                    .build();
        }

        private Receive ready(ActorRef socket) {
            return receiveBuilder()
                    .match(
                            Udp.Received.class,
                            r -> ballots.tell(
                                    new Ballot(
                                            r.data()
                                                    .decodeString(StandardCharsets.UTF_8)
                                                    .trim(),
                                            r.sender()),
                                    getSelf()))
                    .matchEquals("unbind", u -> socket.tell(UdpMessage.unbind(), getSelf()))
                    .match(String.class, answer -> {
                        int at = answer.indexOf('|');
                        String[] to = answer.substring(0, at).split(":");
                        socket.tell(
                                UdpMessage.send(
                                        ByteString.fromString(answer.substring(at + 1)),
                                        new InetSocketAddress(to[0], Integer.parseInt(to[1]))),
                                getSelf());
                    })
                    .match(Udp.Unbound.class, u -> getContext().getSystem().terminate())
                    .build();
        }
    }

    /** Counts the votes; answers each through the listener, as {@code host:port|NAME=n}. */
    static final class Ballots extends AbstractActor {
        private final TreeMap<String, Integer> votes = new TreeMap<>();
        private int ballots;

        @Override
        public Receive createReceive() {
            return receiveBuilder()
                    .match(Ballot.class, b -> b.text().startsWith("vote "), b -> {
                        String name = b.text().substring(5).split(" ")[0];
                        int n = votes.merge(name, 1, Integer::sum);
                        System.out.println("ballot " + ++ballots + ": " + b.text() + " -> " + name + " = " + n);
                        getSender()
                                .tell(
                                        b.from().getAddress().getHostAddress() + ":"
                                                + b.from().getPort() + "|" + name + "=" + n,
                                        getSelf());
                    })
                    .match(Ballot.class, b -> b.text().equals("close"), b -> {
                        System.out.println("totals " + votes);
                        getSender().tell("unbind", getSelf());
                    })
                    .build();
        }
    }

    public static void main(String[] args) {
        ActorSystem system = ActorSystem.create(
                "udp-votes",
                ConfigFactory.parseString("akka.loglevel = WARNING").withFallback(ConfigFactory.load()));
        ActorRef ballots = system.actorOf(Props.create(Ballots.class), "ballots");
        system.actorOf(Props.create(Listener.class, () -> new Listener(ballots, Path.of(args[0]))), "listener");
        system.registerOnTermination(() -> System.out.println("closed"));
    }
}
