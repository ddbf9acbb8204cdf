package dev.reprise.savina.peer;

import akka.actor.AbstractActor;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.concurrent.atomic.LongAdder;
import jdk.jfr.Event;
import jdk.jfr.Label;
import jdk.jfr.Name;
import jdk.jfr.Recording;
import jdk.jfr.StackTrace;

/** One JFR custom event per processed message, in a recording dumped to a file when it stops. */
final class JfrPeer implements Peer {
  /** A message processed: who processed it and its class. */
  @Name("dev.reprise.savina.Message")
  @Label("Message processed")
  @StackTrace(false)
  static final class MessageEvent extends Event {
    @Label("Actor class")
    Class<?> actor;

    @Label("Actor identity")
    int actorId;

    @Label("Message class")
    Class<?> message;
  }

  private final Recording recording = new Recording();
  private final Path file;
  private final LongAdder messages = new LongAdder();

  JfrPeer(Path file) {
    this.file = file;
    // Only this event, without a stack trace: the cheapest form of one event per message.
    recording.enable(MessageEvent.class).withoutStackTrace().withThreshold(Duration.ZERO);
    recording.setToDisk(true);
    recording.start();
  }

  @Override
  public void received(AbstractActor actor, Object message) {
    MessageEvent e = new MessageEvent();
    e.actor = actor.getClass();
    e.actorId = System.identityHashCode(actor);
    e.message = message.getClass();
    e.commit();
    messages.increment();
  }

  @Override
  public String stop() throws Exception {
    recording.stop();
    recording.dump(file);
    recording.close();
    return Peers.summary("jfr", messages.sum(), Files.size(file), 0);
  }
}
