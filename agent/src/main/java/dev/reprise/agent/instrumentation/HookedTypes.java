package dev.reprise.agent.instrumentation;

import java.util.List;

/**
 * Every Akka and Scala type the instrumentations hook, by binary name, written once: the
 * instrumentations match these constants, and {@link #ALL} is what reaches ByteBuddy at all
 * ({@link Instrumentations}). {@code InstrumentationsTest} checks that the two agree. A second
 * Akka flavour (Pekko's package names) is a second set of these names.
 */
final class HookedTypes {
    static final String ACTOR_REF = "akka.actor.ActorRef";
    static final String ACTOR_SYSTEM_IMPL = "akka.actor.ActorSystemImpl";
    static final String LOCAL_ACTOR_REF_PROVIDER = "akka.actor.LocalActorRefProvider";
    static final String FORK_JOIN_WORKER_THREAD = "akka.dispatch.MonitorableThreadFactory$AkkaForkJoinWorkerThread";
    static final String SUCCESS = "scala.util.Success";
    static final String FAILURE = "scala.util.Failure";
    static final String SCHEDULER = "akka.actor.LightArrayRevolverScheduler";
    static final String REPOINTABLE_ACTOR_REF = "akka.actor.RepointableActorRef";
    static final String LOCAL_ACTOR_REF = "akka.actor.LocalActorRef";
    static final String EVENT_STREAM = "akka.event.EventStream";
    static final String ACTOR_CELL_COMPANION = "akka.actor.ActorCell$";
    static final String DEFAULT_PROMISE = "scala.concurrent.impl.Promise$DefaultPromise";
    static final String PROMISE_TRANSFORMATION = "scala.concurrent.impl.Promise$Transformation";
    static final String CHILDREN = "akka.actor.dungeon.Children";
    static final String ACTOR_CELL = "akka.actor.ActorCell";
    static final String DISPATCHER = "akka.dispatch.Dispatcher";
    static final String ENVELOPE = "akka.dispatch.Envelope";
    static final String UNSTARTED_CELL = "akka.actor.UnstartedCell";
    static final String PROMISE_ACTOR_REF = "akka.pattern.PromiseActorRef";
    static final String PROMISE_ACTOR_REF_COMPANION = "akka.pattern.PromiseActorRef$";
    static final String FUTURE_CONVERTER_212 = "scala.concurrent.java8.FuturesConvertersImpl$CF";
    static final String FUTURE_CONVERTER = "scala.concurrent.impl.FutureConvertersImpl$CF";
    static final String BALANCING_DISPATCHER = "akka.dispatch.BalancingDispatcher";
    static final String MAP_ASYNC_HOLDER = "akka.stream.impl.fusing.MapAsync$Holder";
    static final String BOUNDED_SOURCE_QUEUE_STAGE = "akka.stream.impl.BoundedSourceQueueStage";
    static final String HTTP_EXT = "akka.http.scaladsl.HttpExt";
    static final String TCP_LISTENER = "akka.io.TcpListener";
    static final String TCP_CONNECTION = "akka.io.TcpConnection";
    static final String TCP_PENDING_BUFFER_WRITE = "akka.io.TcpConnection$PendingBufferWrite";
    static final String TCP_OUTGOING_CONNECTION = "akka.io.TcpOutgoingConnection";
    /** The behaviour of an outgoing connection that waits for its connect to finish. */
    static final String TCP_OUTGOING_CONNECTING = "akka.io.TcpOutgoingConnection$$anonfun$connecting$1";

    static final String UDP_LISTENER = "akka.io.UdpListener";
    static final String UDP_CONNECTION = "akka.io.UdpConnection";
    static final String UDP_LISTENER_RECEIVE = "akka.io.UdpListener$$anonfun$receive$1";
    /** The trait whose {@code doSend} UDP's sender and listener share. */
    static final String UDP_SEND = "akka.io.WithUdpSend";

    static final String CHANNEL_REGISTRY = "akka.io.SelectionHandler$ChannelRegistryImpl";
    static final String CHANNEL_REGISTRY_TASK = "akka.io.SelectionHandler$ChannelRegistryImpl$Task";
    static final String DATE_HEADER_RENDERING = "akka.http.impl.engine.rendering.DateHeaderRendering$";
    static final String FUNCTION_REF = "akka.actor.FunctionRef";

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
            CHILDREN,
            ACTOR_CELL,
            DISPATCHER,
            ENVELOPE,
            UNSTARTED_CELL,
            PROMISE_ACTOR_REF,
            PROMISE_ACTOR_REF_COMPANION,
            FUTURE_CONVERTER_212,
            FUTURE_CONVERTER,
            BALANCING_DISPATCHER,
            MAP_ASYNC_HOLDER,
            BOUNDED_SOURCE_QUEUE_STAGE,
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
}
