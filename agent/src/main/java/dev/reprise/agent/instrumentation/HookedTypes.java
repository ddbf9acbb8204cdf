package dev.reprise.agent.instrumentation;

import dev.reprise.agent.flavour.Flavour;
import java.util.List;

/**
 * Every Akka and Scala type the instrumentations hook, by binary name, written once: the
 * instrumentations match these names, and {@link #ALL} is what reaches ByteBuddy at all
 * ({@link Instrumentations}). {@code InstrumentationsTest} checks that the two agree. Akka's
 * types are named as Akka names them and renamed for the {@link Flavour#current} flavour (Pekko's
 * package), so one hook describes both.
 */
final class HookedTypes {
    static final String ACTOR_REF = akka("akka.actor.ActorRef");
    static final String ACTOR_SYSTEM_IMPL = akka("akka.actor.ActorSystemImpl");
    static final String LOCAL_ACTOR_REF_PROVIDER = akka("akka.actor.LocalActorRefProvider");
    static final String FORK_JOIN_WORKER_THREAD =
            akka("akka.dispatch.MonitorableThreadFactory$AkkaForkJoinWorkerThread");
    static final String SUCCESS = "scala.util.Success";
    static final String FAILURE = "scala.util.Failure";
    static final String SCHEDULER = akka("akka.actor.LightArrayRevolverScheduler");
    static final String REPOINTABLE_ACTOR_REF = akka("akka.actor.RepointableActorRef");
    static final String LOCAL_ACTOR_REF = akka("akka.actor.LocalActorRef");
    static final String EVENT_STREAM = akka("akka.event.EventStream");
    static final String ACTOR_CELL_COMPANION = akka("akka.actor.ActorCell$");
    static final String DEFAULT_PROMISE = "scala.concurrent.impl.Promise$DefaultPromise";
    static final String PROMISE_TRANSFORMATION = "scala.concurrent.impl.Promise$Transformation";
    static final String AWAIT = "scala.concurrent.Await$";
    static final String AWAIT_FUTURE_VALUE = "scala.concurrent.Await$FutureValue$";
    static final String CHILDREN = akka("akka.actor.dungeon.Children");
    static final String ACTOR_CELL = akka("akka.actor.ActorCell");
    static final String DISPATCHER = akka("akka.dispatch.Dispatcher");
    static final String ENVELOPE = akka("akka.dispatch.Envelope");
    static final String UNSTARTED_CELL = akka("akka.actor.UnstartedCell");
    static final String PROMISE_ACTOR_REF = akka("akka.pattern.PromiseActorRef");
    static final String PROMISE_ACTOR_REF_COMPANION = akka("akka.pattern.PromiseActorRef$");
    static final String FUTURE_CONVERTER_212 = "scala.concurrent.java8.FuturesConvertersImpl$CF";
    static final String FUTURE_CONVERTER = "scala.concurrent.impl.FutureConvertersImpl$CF";
    /** Scala 2.13's CompletionStage-to-Future converter (Pekko's Java DSL uses it). */
    static final String SCALA_FUTURE_CONVERTERS = "scala.jdk.javaapi.FutureConverters$";

    static final String BALANCING_DISPATCHER = akka("akka.dispatch.BalancingDispatcher");
    static final String MAP_ASYNC_HOLDER = akka("akka.stream.impl.fusing.MapAsync$Holder");
    static final String BOUNDED_SOURCE_QUEUE_STAGE = akka("akka.stream.impl.BoundedSourceQueueStage");
    static final String ASYNC_CALLBACK = akka("akka.stream.stage.GraphStageLogic$ConcurrentAsyncCallback");
    static final String ASYNC_CALLBACK_EVENT = akka("akka.stream.stage.ConcurrentAsyncCallbackState$Event");
    static final String HTTP_EXT = akka("akka.http.scaladsl.HttpExt");
    static final String TCP_LISTENER = akka("akka.io.TcpListener");
    static final String TCP_CONNECTION = akka("akka.io.TcpConnection");
    static final String TCP_PENDING_BUFFER_WRITE = akka("akka.io.TcpConnection$PendingBufferWrite");
    static final String TCP_OUTGOING_CONNECTION = akka("akka.io.TcpOutgoingConnection");
    /** The behaviour of an outgoing connection that waits for its connect to finish. */
    static final String TCP_OUTGOING_CONNECTING = akka("akka.io.TcpOutgoingConnection$$anonfun$connecting$1");

    static final String UDP_LISTENER = akka("akka.io.UdpListener");
    static final String UDP_CONNECTION = akka("akka.io.UdpConnection");
    static final String UDP_LISTENER_RECEIVE = akka("akka.io.UdpListener$$anonfun$receive$1");
    /** The trait whose {@code doSend} UDP's sender and listener share. */
    static final String UDP_SEND = akka("akka.io.WithUdpSend");

    static final String CHANNEL_REGISTRY = akka("akka.io.SelectionHandler$ChannelRegistryImpl");
    static final String CHANNEL_REGISTRY_TASK = akka("akka.io.SelectionHandler$ChannelRegistryImpl$Task");
    static final String DATE_HEADER_RENDERING = akka("akka.http.impl.engine.rendering.DateHeaderRendering$");
    static final String FUNCTION_REF = akka("akka.actor.FunctionRef");

    /** Every hooked type, in the order Akka loads them. */
    static final List<String> ALL = List.of(
            ACTOR_REF,
            ACTOR_SYSTEM_IMPL,
            LOCAL_ACTOR_REF_PROVIDER,
            FORK_JOIN_WORKER_THREAD,
            SUCCESS,
            FAILURE,
            SCHEDULER,
            REPOINTABLE_ACTOR_REF,
            LOCAL_ACTOR_REF,
            EVENT_STREAM,
            ACTOR_CELL_COMPANION,
            DEFAULT_PROMISE,
            PROMISE_TRANSFORMATION,
            AWAIT,
            AWAIT_FUTURE_VALUE,
            CHILDREN,
            ACTOR_CELL,
            DISPATCHER,
            ENVELOPE,
            UNSTARTED_CELL,
            PROMISE_ACTOR_REF,
            PROMISE_ACTOR_REF_COMPANION,
            FUTURE_CONVERTER_212,
            FUTURE_CONVERTER,
            SCALA_FUTURE_CONVERTERS,
            BALANCING_DISPATCHER,
            MAP_ASYNC_HOLDER,
            BOUNDED_SOURCE_QUEUE_STAGE,
            ASYNC_CALLBACK_EVENT,
            ASYNC_CALLBACK,
            HTTP_EXT,
            TCP_LISTENER,
            TCP_CONNECTION,
            TCP_PENDING_BUFFER_WRITE,
            TCP_OUTGOING_CONNECTION,
            TCP_OUTGOING_CONNECTING,
            UDP_LISTENER,
            UDP_CONNECTION,
            UDP_LISTENER_RECEIVE,
            UDP_SEND,
            CHANNEL_REGISTRY,
            CHANNEL_REGISTRY_TASK,
            DATE_HEADER_RENDERING,
            FUNCTION_REF);

    private HookedTypes() {}

    /** The current flavour's name of Akka's type {@code akkaName}. */
    private static String akka(String akkaName) {
        return Flavour.current().type(akkaName);
    }
}
