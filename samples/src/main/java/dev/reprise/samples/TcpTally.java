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
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.TreeMap;

/**
 * A line-based TCP server on Akka IO, written as Akka's classic Java documentation writes one: a
 * server actor binds to loopback (any free port, written to the file named by the first argument),
 * registers a session actor per connection, and each session answers {@code add NAME} with the
 * counter's new value, kept by one tally actor that prints each change. Clients on several
 * connections make the order of those lines differ from run to run. {@code stop} ends the program:
 * the tally prints its total and terminates the actor system.
 */
public final class TcpTally {
    private TcpTally() {}

    record Add(String name) {}

    record Stop() {}

    static final class Tally extends AbstractActor {
        private final TreeMap<String, Integer> counts = new TreeMap<>();

        @Override
        public Receive createReceive() {
            return receiveBuilder()
                    .match(Add.class, a -> {
                        int n = counts.merge(a.name(), 1, Integer::sum);
                        System.out.println("counter " + a.name() + " = " + n);
                        getSender().tell(a.name() + "=" + n + "\n", getSelf());
                    })
                    .match(Stop.class, s -> {
                        System.out.println("total " + counts);
                        getContext().getSystem().terminate();
                    })
                    .build();
        }
    }

    static final class Server extends AbstractActor {
        private final ActorRef tally;
        private final Path portFile;

        Server(ActorRef tally, Path portFile) {
            this.tally = tally;
            this.portFile = portFile;
        }

        @Override
        public void preStart() {
            Tcp.get(getContext().getSystem())
                    .manager()
                    .tell(TcpMessage.bind(getSelf(), new InetSocketAddress("127.0.0.1", 0), 100), getSelf());
        }

        @Override
        public Receive createReceive() {
            return receiveBuilder()
                    .match(Tcp.Bound.class, b -> {
                        System.out.println("listening");
                        Files.writeString(
                                portFile, Integer.toString(b.localAddress().getPort()));
                    })
                    .match(Tcp.CommandFailed.class, f -> {
                        System.out.println("cannot bind: " + f);
                        getContext().getSystem().terminate();
                    })
                    .match(Tcp.Connected.class, c -> {
                        ActorRef session = getContext().actorOf(Props.create(Session.class, tally, getSender()));
                        getSender().tell(TcpMessage.register(session), getSelf());
                    })
                    .build();
        }
    }

    /** One connection: its lines, answered in order. */
    static final class Session extends AbstractActor {
        private final ActorRef tally;
        private final ActorRef connection;
        private String partial = "";

        Session(ActorRef tally, ActorRef connection) {
            this.tally = tally;
            this.connection = connection;
        }

        @Override
        public Receive createReceive() {
            return receiveBuilder()
                    .match(Tcp.Received.class, r -> lines(r.data().decodeString(StandardCharsets.UTF_8)))
                    .match(
                            String.class,
                            answer -> connection.tell(TcpMessage.write(ByteString.fromString(answer)), getSelf()))
                    .match(Tcp.ConnectionClosed.class, c -> getContext().stop(getSelf()))
                    .build();
        }

        private void lines(String text) {
            String all = partial + text;
            int end;
            while ((end = all.indexOf('\n')) >= 0) {
                String line = all.substring(0, end).trim();
                all = all.substring(end + 1);
                if (line.startsWith("add ")) {
                    tally.tell(new Add(line.substring(4)), getSelf());
                } else if (line.equals("stop")) {
                    tally.tell(new Stop(), getSelf());
                }
            }
            partial = all;
        }
    }

    public static void main(String[] args) throws Exception {
        ActorSystem system = ActorSystem.create(
                "tcp-tally",
                ConfigFactory.parseString("akka.loglevel = WARNING").withFallback(ConfigFactory.load()));
        ActorRef tally = system.actorOf(Props.create(Tally.class), "tally");
        system.actorOf(Props.create(Server.class, tally, Path.of(args[0])), "server");
        system.getWhenTerminated().toCompletableFuture().get();
        System.out.println("stopped");
    }
}
