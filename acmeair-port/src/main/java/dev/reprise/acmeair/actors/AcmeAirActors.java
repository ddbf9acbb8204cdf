package dev.reprise.acmeair.actors;

import akka.actor.ActorRef;
import akka.actor.ActorSystem;
import com.typesafe.config.ConfigFactory;
import dev.reprise.acmeair.db.Database;
import dev.reprise.acmeair.db.LoaderSettings;
import dev.reprise.acmeair.support.AppClock;
import dev.reprise.acmeair.support.Ids;

/** Starts the actor system of the service and its request router. */
public final class AcmeAirActors {
    /** The dispatcher of the actors that use JDBC (configured in {@code acmeair.conf}). */
    public static final String BLOCKING_DISPATCHER = "acmeair.blocking-dispatcher";

    private AcmeAirActors() {}

    /**
     * @param db the database
     * @param ids the id generator
     * @param clock the clock
     * @param loader the loader's default sizes
     * @param hashResponses whether every reply of the actors goes into a hash chain ({@link ResponseHashActor})
     * @return the running system and its router, which takes {@code ApiRequest}s
     */
    public static Started start(Database db, Ids ids, AppClock clock, LoaderSettings loader, boolean hashResponses) {
        ActorSystem system = ActorSystem.create(
                "acmeair", ConfigFactory.parseResources("acmeair.conf").withFallback(ConfigFactory.load()));
        ActorRef router = system.actorOf(RouterActor.props(db, ids, clock, loader, hashResponses), "router");
        return new Started(system, router);
    }

    /**
     * @param system the actor system
     * @param router the actor that takes {@code ApiRequest}s and answers {@code ApiResponse}s
     */
    public record Started(ActorSystem system, ActorRef router) {}
}
