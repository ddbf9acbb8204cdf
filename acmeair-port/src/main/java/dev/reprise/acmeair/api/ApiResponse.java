package dev.reprise.acmeair.api;

import com.fasterxml.jackson.databind.JsonNode;
import dev.reprise.acmeair.support.ApiJson;

/**
 * The answer to one {@link ApiRequest}, sent back by the actor that handled it.
 *
 * @param status HTTP status code
 * @param contentType the body's media type
 * @param body the body text
 * @param sessionCookie value to set the {@code sessionid} cookie to, or {@code null} to leave it
 */
public record ApiResponse(int status, String contentType, String body, String sessionCookie) {
    private static final String TEXT = "text/plain; charset=utf-8";
    private static final String JSON = "application/json; charset=utf-8";

    /** @return 200 with a text body */
    public static ApiResponse text(String body) {
        return new ApiResponse(200, TEXT, body, null);
    }

    /** @return 200 with a JSON body */
    public static ApiResponse json(JsonNode body) {
        return new ApiResponse(200, JSON, ApiJson.write(body), null);
    }

    /** @return the given status with a JSON body */
    public static ApiResponse json(int status, JsonNode body) {
        return new ApiResponse(status, JSON, ApiJson.write(body), null);
    }

    /** @return an error status with a short text message */
    public static ApiResponse error(int status, String message) {
        return new ApiResponse(status, TEXT, message, null);
    }

    /** @return this response, also setting the {@code sessionid} cookie to {@code value} */
    public ApiResponse withSessionCookie(String value) {
        return new ApiResponse(status, contentType, body, value);
    }
}
