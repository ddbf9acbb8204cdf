package dev.reprise.acmeair.api;

import java.util.ArrayList;
import java.util.List;

/** Finds the endpoint of a request, or says why there is none (404 or 405). */
public final class Routes {
    private Routes() {}

    /**
     * @param method the HTTP method
     * @param path the path below {@code /rest/api}
     * @return the endpoint
     * @throws ApiException 404 for an unknown path, 405 for a known path in another method
     */
    public static Endpoint find(String method, String path) {
        List<String> allowed = new ArrayList<>();
        for (Endpoint endpoint : Endpoint.values()) {
            if (endpoint.matchesPath(path)) {
                if (endpoint.method().equals(method)) {
                    return endpoint;
                }
                allowed.add(endpoint.method());
            }
        }
        if (allowed.isEmpty()) {
            throw ApiException.notFound("no such resource: " + path);
        }
        throw new ApiException(405, "method " + method + " not allowed, use " + String.join(", ", allowed));
    }
}
