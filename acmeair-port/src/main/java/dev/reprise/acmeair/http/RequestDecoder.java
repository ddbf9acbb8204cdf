package dev.reprise.acmeair.http;

import dev.reprise.acmeair.api.ApiException;
import dev.reprise.acmeair.api.ApiRequest;
import io.netty.handler.codec.http.FullHttpRequest;
import io.netty.handler.codec.http.HttpHeaderNames;
import io.netty.handler.codec.http.HttpHeaderValues;
import io.netty.handler.codec.http.QueryStringDecoder;
import io.netty.handler.codec.http.cookie.Cookie;
import io.netty.handler.codec.http.cookie.ServerCookieDecoder;
import java.nio.charset.StandardCharsets;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** Turns a Netty request into an {@link ApiRequest}, or a 400/404 for what cannot be one. */
final class RequestDecoder {
    /** Where the API lives, as in the Node.js and SOMns versions. */
    static final String API_ROOT = "/rest/api";

    private RequestDecoder() {}

    /**
     * @param request a complete request
     * @return its content for the actors
     * @throws ApiException 400 for a malformed request, 404 outside {@code /rest/api}
     */
    static ApiRequest decode(FullHttpRequest request) {
        if (request.decoderResult().isFailure()) {
            throw ApiException.badRequest("malformed HTTP request");
        }
        QueryStringDecoder uri;
        String path;
        Map<String, String> params = new LinkedHashMap<>();
        String body = request.content().toString(StandardCharsets.UTF_8);
        try {
            uri = new QueryStringDecoder(request.uri());
            path = uri.path();
            addFirstValues(params, uri.parameters());
            if (isForm(request)) {
                addFirstValues(params, new QueryStringDecoder(body, StandardCharsets.UTF_8, false).parameters());
            }
        } catch (IllegalArgumentException e) {
            throw ApiException.badRequest("malformed URL or form: " + e.getMessage());
        }
        if (!path.startsWith(API_ROOT + "/")) {
            throw ApiException.notFound("no such resource: " + path);
        }
        return new ApiRequest(
                request.method().name(),
                path.substring(API_ROOT.length()),
                Map.copyOf(params),
                sessionId(request),
                body);
    }

    private static boolean isForm(FullHttpRequest request) {
        String type = request.headers().get(HttpHeaderNames.CONTENT_TYPE);
        return type != null
                && type.toLowerCase().startsWith(HttpHeaderValues.APPLICATION_X_WWW_FORM_URLENCODED.toString());
    }

    private static void addFirstValues(Map<String, String> params, Map<String, List<String>> decoded) {
        decoded.forEach((name, values) -> params.putIfAbsent(name, values.isEmpty() ? "" : values.get(0)));
    }

    private static String sessionId(FullHttpRequest request) {
        String header = request.headers().get(HttpHeaderNames.COOKIE);
        if (header == null) {
            return null;
        }
        for (Cookie cookie : ServerCookieDecoder.LAX.decode(header)) {
            if (cookie.name().equals("sessionid")) {
                return cookie.value();
            }
        }
        return null;
    }
}
