package dev.reprise.agent.content;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import akka.actor.AbstractActor;
import akka.actor.ActorRef;
import akka.actor.ActorSystem;
import akka.actor.Props;
import com.typesafe.config.ConfigFactory;
import dev.reprise.trace.OutsideInputEntry;
import java.io.NotSerializableException;
import java.io.Serializable;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * Outside input is copied and made again as the program sent it, whatever its kind of class, in
 * a real actor system: records, plain classes, Scala's case classes, case objects and collections,
 * enums, {@code Optional}, actor refs; what cannot be copied says which class and why.
 */
class MessageContentTest {
    static ActorSystem system;

    enum Size {
        SMALL,
        LARGE
    }

    record Order(int n, Size size, Optional<String> note, List<Integer> quantities, Map<String, Integer> stock) {}

    record Reply(String text, ActorRef to) {}

    /** Neither Serializable nor a record, without a no-argument constructor, with a superclass's field. */
    static class Base {
        final String label;

        Base(String label) {
            this.label = label;
        }
    }

    static final class Parcel extends Base {
        private final int[] weights;
        private Order order;

        Parcel(String label, int[] weights, Order order) {
            super(label);
            this.weights = weights;
            this.order = order;
        }
    }

    static final class WithLambda {
        final Runnable action = () -> {};
    }

    static final class Node {
        Node next;
    }

    static final class Echo extends AbstractActor {
        @Override
        public Receive createReceive() {
            return receiveBuilder().build();
        }
    }

    @BeforeAll
    static void start() {
        system = ActorSystem.create(
                "content",
                ConfigFactory.parseString("akka.loglevel = WARNING\nakka.log-dead-letters = off")
                        .withFallback(ConfigFactory.load()));
    }

    @AfterAll
    static void stop() throws Exception {
        system.terminate();
        system.getWhenTerminated().toCompletableFuture().get(30, TimeUnit.SECONDS);
    }

    private static Object copy(Object message) throws Exception {
        byte[] entry = MessageContent.encode(system, message, 7);
        assertEquals(7, OutsideInputEntry.sender(entry));
        assertEquals(message.getClass().getName(), OutsideInputEntry.className(entry));
        return MessageContent.decode(system, entry);
    }

    @Test
    void aRecordIsMadeAgainByItsCanonicalConstructor() throws Exception {
        Order order = new Order(3, Size.LARGE, Optional.of("gift"), List.of(1, 2), Map.of("pear", 4));
        assertEquals(order, copy(order));
        assertEquals(
                Optional.empty(),
                ((Order) copy(new Order(1, Size.SMALL, Optional.empty(), List.of(), Map.of()))).note());
    }

    @Test
    void aPlainClassIsMadeAgainWithoutItsConstructorWithItsSuperclassFields() throws Exception {
        Order order = new Order(1, Size.SMALL, Optional.empty(), List.of(5), Map.of());
        Parcel parcel = (Parcel) copy(new Parcel("box", new int[] {4, 2}, order));
        assertEquals("box", parcel.label);
        assertArrayEquals(new int[] {4, 2}, parcel.weights);
        assertEquals(order, parcel.order);
    }

    @Test
    void scalaCaseClassesCaseObjectsAndCollectionsKeepTheirIdentityAndEquality() throws Exception {
        scala.collection.immutable.List<Object> list = scala.jdk.javaapi.CollectionConverters.asScala(
                        List.<Object>of("a", 1, Size.SMALL))
                .toList();
        scala.Tuple2<String, Object> pair = new scala.Tuple2<>("key", list);
        assertEquals(pair, copy(pair));
        assertSame(scala.None$.MODULE$, copy(scala.None$.MODULE$), "a case object stays the one instance");
        assertSame(Size.LARGE, copy(Size.LARGE));
        assertEquals("text", copy("text"));
    }

    @Test
    void anActorRefIsResolvedInTheSystemThatMakesTheMessageAgain() throws Exception {
        ActorRef echo = system.actorOf(Props.create(Echo.class, Echo::new), "echo");
        Reply reply = (Reply) copy(new Reply("hi", echo));
        assertEquals("hi", reply.text());
        assertEquals(echo, reply.to());
    }

    @Test
    void aLambdaCannotBeCopiedAndTheReasonNamesIt() {
        NotSerializableException e =
                assertThrows(NotSerializableException.class, () -> MessageContent.encode(system, new WithLambda(), 0));
        assertTrue(e.getMessage().contains("lambda"), e.getMessage());
    }

    @Test
    void aCycleOfPlainObjectsIsReportedWhenMadeAgain() throws Exception {
        Node a = new Node();
        a.next = new Node();
        a.next.next = a;
        byte[] entry = MessageContent.encode(system, a, 0);
        IllegalArgumentException e =
                assertThrows(IllegalArgumentException.class, () -> MessageContent.decode(system, entry));
        assertTrue(e.getMessage().contains("cycle"), e.getMessage());
    }

    record Request(Map<String, String> params, java.util.Set<String> tags) {}

    @Test
    void theJdksUnmodifiableMapsAndSetsComeBackInTheOrderTheProgramSaw() throws Exception {
        Map<String, String> params = Map.of("a", "1", "b", "2", "c", "3", "d", "4", "e", "5");
        java.util.Set<String> tags = java.util.Set.of("x", "y", "z", "w");
        Request copy = (Request) copy(new Request(params, tags));
        // Not the JDK's salted kind again, whose order another JVM would draw anew: the order is kept.
        assertTrue(!copy.params().getClass().getName().startsWith("java.util.ImmutableCollections"));
        assertTrue(!copy.tags().getClass().getName().startsWith("java.util.ImmutableCollections"));
        assertThrows(UnsupportedOperationException.class, () -> copy.params().put("f", "6"));
        assertEquals(List.copyOf(params.keySet()), List.copyOf(copy.params().keySet()));
        assertEquals(List.copyOf(tags), List.copyOf(copy.tags()));
        assertEquals(params, copy.params());
        @SuppressWarnings("unchecked")
        Map<String, String> top = (Map<String, String>) copy(params);
        assertEquals(List.copyOf(params.keySet()), List.copyOf(top.keySet()));
    }

    @Test
    void aSerializableMessageIsCopiedWithoutAkkaSerialization() throws Exception {
        Serializable text = new java.util.ArrayList<>(List.of("x", "y"));
        assertEquals(text, copy(text));
    }
}
