package dev.reprise.savina.peer;

import akka.actor.AbstractActor;
import akka.actor.ActorSystem;
import akka.event.EventStream;
import akka.event.Logging;
import com.typesafe.config.Config;
import com.typesafe.config.ConfigFactory;
import com.typesafe.config.ConfigValueFactory;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.atomic.LongAdder;

/**
 * What Akka's {@code akka.actor.debug.receive} with {@code LoggingReceive} does: one debug event
 * per processed message ({@code received handled message M from S}) published on the event
 * stream, where the {@link FileLogger} actor, on a thread of its own, writes it to the file.
 */
final class LogPeer implements Peer {
    private final EventStream events;
    private final LongAdder messages = new LongAdder();

    static Config configure(Config config, Path file) {
        // Debug level so that the debug events reach the logger; Akka's own debug output is little.
        // The logger gets a thread of its own, as the content peer's writer and Reprise's have: on the
        // benchmark's dispatcher it was one mailbox among thousands (SleepingBarber's customers), fell
        // behind without bound, and the backlog filled the heap (12 s of CPU per 23 ms iteration, mostly GC).
        return ConfigFactory.parseString("akka.loglevel = DEBUG\n"
                        + "akka.loggers-dispatcher = savina-log-dispatcher\n"
                        + "savina-log-dispatcher { type = PinnedDispatcher, executor = thread-pool-executor }\n")
                .withValue("akka.loggers", ConfigValueFactory.fromIterable(List.of(FileLogger.class.getName())))
                .withFallback(config);
    }

    LogPeer(ActorSystem system) {
        events = system.eventStream();
    }

    @Override
    public void received(AbstractActor actor, Object message) {
        messages.increment();
        // As akka.event.LoggingReceive formats it.
        events.publish(new Logging.Debug(
                actor.getSelf().path().toString(),
                actor.getClass(),
                "received handled message " + message + " from " + actor.getSender()));
    }

    @Override
    public String stop() throws Exception {
        // The logger closed the file when the actor system terminated.
        return Peers.summary("log", messages.sum(), FileLogger.written(), 0);
    }
}
