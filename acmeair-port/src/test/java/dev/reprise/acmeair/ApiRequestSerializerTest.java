package dev.reprise.acmeair;

import static org.junit.jupiter.api.Assertions.assertEquals;

import akka.actor.ActorSystem;
import akka.serialization.Serialization;
import akka.serialization.SerializationExtension;
import com.typesafe.config.ConfigFactory;
import dev.reprise.acmeair.api.ApiRequest;
import dev.reprise.acmeair.api.ApiRequestSerializer;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/** The service's actor system serializes requests with their whole content. */
class ApiRequestSerializerTest {
    @Test
    void requestsRoundTripThroughTheBoundSerializer() throws Exception {
        ActorSystem system = ActorSystem.create(
                "serialization", ConfigFactory.parseResources("acmeair.conf").withFallback(ConfigFactory.load()));
        try {
            Serialization serialization = SerializationExtension.get(system);
            ApiRequest request = new ApiRequest(
                    "POST",
                    "/login",
                    Map.of("login", "uid1@email.com", "password", "password"),
                    "s-1",
                    "login=uid1%40email.com&password=password");
            assertEquals(
                    ApiRequestSerializer.IDENTIFIER,
                    serialization.findSerializerFor(request).identifier());
            byte[] bytes = serialization.serialize(request).get();
            assertEquals(
                    request, serialization.deserialize(bytes, ApiRequest.class).get());
        } finally {
            system.terminate();
            system.getWhenTerminated().toCompletableFuture().get(10, TimeUnit.SECONDS);
        }
    }
}
