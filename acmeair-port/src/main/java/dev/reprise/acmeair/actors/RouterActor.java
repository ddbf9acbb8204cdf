package dev.reprise.acmeair.actors;

import akka.actor.AbstractActor;
import akka.actor.ActorRef;
import akka.actor.Props;
import dev.reprise.acmeair.api.ApiException;
import dev.reprise.acmeair.api.ApiRequest;
import dev.reprise.acmeair.api.ApiResponse;
import dev.reprise.acmeair.api.Endpoint;
import dev.reprise.acmeair.api.Routes;
import dev.reprise.acmeair.db.Database;
import dev.reprise.acmeair.db.LoaderSettings;
import dev.reprise.acmeair.support.ApiJson;
import dev.reprise.acmeair.support.AppClock;
import dev.reprise.acmeair.support.Ids;
import java.util.EnumMap;
import java.util.Map;

/**
 * Entry point of every request: finds its endpoint (404/405 otherwise), sends calls that need a
 * session through the sessions actor, and forwards the others to their actor; the reply goes
 * straight from that actor to the asker. Parent of the service actors.
 */
public final class RouterActor extends AbstractActor {
    private final Map<Endpoint.Service, ActorRef> services = new EnumMap<>(Endpoint.Service.class);
    private final ResponseHash hash;

    private RouterActor(Database db, Ids ids, AppClock clock, LoaderSettings loader, boolean hashResponses) {
        this.hash =
                new ResponseHash(hashResponses ? getContext().actorOf(ResponseHashActor.props(), "responses") : null);
        services.put(
                Endpoint.Service.SESSIONS, getContext().actorOf(SessionActor.props(db, hash, ids, clock), "sessions"));
        services.put(Endpoint.Service.CUSTOMERS, getContext().actorOf(CustomerActor.props(db, hash), "customers"));
        services.put(Endpoint.Service.FLIGHTS, getContext().actorOf(FlightActor.props(db, hash, clock), "flights"));
        services.put(
                Endpoint.Service.BOOKINGS, getContext().actorOf(BookingActor.props(db, hash, ids, clock), "bookings"));
        services.put(
                Endpoint.Service.LOADER, getContext().actorOf(LoaderActor.props(db, hash, loader, clock), "loader"));
    }

    /** @return how to create it */
    static Props props(Database db, Ids ids, AppClock clock, LoaderSettings loader, boolean hashResponses) {
        return Props.create(RouterActor.class, () -> new RouterActor(db, ids, clock, loader, hashResponses));
    }

    @Override
    public Receive createReceive() {
        return receiveBuilder().match(ApiRequest.class, this::route).build();
    }

    private void route(ApiRequest request) {
        Endpoint endpoint;
        try {
            endpoint = Routes.find(request.method(), request.path());
        } catch (ApiException e) {
            getSender().tell(hash.sent(e.toResponse()), getSelf());
            return;
        }
        Call call = new Call(request, endpoint, null);
        if (endpoint == Endpoint.RESPONSE_HASH) {
            // Reading the hash must not change it.
            if (hash.enabled()) {
                hash.hasher().tell(new ResponseHashActor.Read(), getSender());
            } else {
                getSender()
                        .tell(
                                ApiResponse.error(
                                        404, "response hashing is off (start the server with --hash-responses)"),
                                getSelf());
            }
        } else if (endpoint.service() == Endpoint.Service.ROUTER) {
            getSender().tell(hash.sent(answer(endpoint)), getSelf());
        } else if (endpoint.needsSession()) {
            services.get(Endpoint.Service.SESSIONS)
                    .tell(new Authorize(call, services.get(endpoint.service())), getSender());
        } else {
            services.get(endpoint.service()).tell(call, getSender());
        }
    }

    private static ApiResponse answer(Endpoint endpoint) {
        return switch (endpoint) {
            case RUNTIME ->
                ApiResponse.json(ApiJson.array()
                        .add(ApiJson.object()
                                .put("name", "Akka Classic")
                                .put("description", "Akka Classic actors on Netty")));
            case DATA_SERVICES ->
                ApiResponse.json(ApiJson.array()
                        .add(ApiJson.object().put("name", "derby").put("description", "Apache Derby (embedded)")));
            case ACTIVE_DATA_SERVICE -> ApiResponse.text("derby");
            case CHECK_STATUS -> ApiResponse.text("OK");
            default -> throw new IllegalArgumentException("not a router endpoint: " + endpoint);
        };
    }
}
