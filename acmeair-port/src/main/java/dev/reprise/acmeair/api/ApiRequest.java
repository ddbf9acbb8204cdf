package dev.reprise.acmeair.api;

import java.util.Map;

/**
 * One HTTP request as the actors see it: immutable and self-contained (no Netty objects), so it
 * can cross into the actor system as a message and be captured as outside input.
 *
 * @param method upper-case HTTP method
 * @param path path below {@code /rest/api}, e.g. {@code /login}
 * @param params query parameters and, for form posts, the form fields (first value of each)
 * @param sessionId value of the {@code sessionid} cookie, or {@code null}
 * @param body the request body as text ({@code ""} when empty)
 */
public record ApiRequest(String method, String path, Map<String, String> params, String sessionId, String body) {

    /**
     * @param name a parameter name
     * @return its value
     * @throws ApiException 400 when the parameter is missing or blank
     */
    public String required(String name) {
        String value = params.get(name);
        if (value == null || value.isBlank()) {
            throw ApiException.badRequest("missing parameter " + name);
        }
        return value;
    }

    /**
     * @param name a parameter name
     * @param fallback the value when it is missing
     * @return its value or the fallback
     */
    public String optional(String name, String fallback) {
        return params.getOrDefault(name, fallback);
    }
}
