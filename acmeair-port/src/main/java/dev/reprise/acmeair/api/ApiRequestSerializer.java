package dev.reprise.acmeair.api;

import akka.serialization.JSerializer;
import dev.reprise.acmeair.support.ApiJson;
import java.io.IOException;
import java.io.UncheckedIOException;

/**
 * Akka serializer of {@link ApiRequest} (JSON), bound in {@code acmeair.conf}. Requests come from
 * outside the actor system; with a serializer, a recorder can keep their content, so a recorded
 * session can be replayed without an HTTP client.
 */
public final class ApiRequestSerializer extends JSerializer {
    /** This serializer's Akka id (unique in the system; Akka reserves 0 to 40). */
    public static final int IDENTIFIER = 15_001;

    @Override
    public int identifier() {
        return IDENTIFIER;
    }

    @Override
    public boolean includeManifest() {
        return false;
    }

    @Override
    public byte[] toBinary(Object request) {
        try {
            return ApiJson.MAPPER.writeValueAsBytes(request);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    @Override
    public Object fromBinaryJava(byte[] bytes, Class<?> manifest) {
        try {
            return ApiJson.MAPPER.readValue(bytes, ApiRequest.class);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
