package dev.reprise.acmeair;

import dev.reprise.acmeair.db.LoaderSettings;
import java.io.IOException;
import java.net.URI;
import java.net.URLEncoder;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.stream.Collectors;

/**
 * A real server for tests: Netty on a free loopback port, real Derby in a temporary directory,
 * loaded with a small data set (100 customers), response hashing on; plus a plain HTTP client.
 */
final class LiveServer implements AutoCloseable {
    static final int CUSTOMERS = 100;

    final AcmeAirServer server;
    final HttpClient client = HttpClient.newBuilder()
            .version(HttpClient.Version.HTTP_1_1)
            .connectTimeout(Duration.ofSeconds(5))
            .build();

    LiveServer(Path dir, long seed) throws Exception {
        this(dir, seed, LoaderSettings.SOMNS.withCustomers(CUSTOMERS));
    }

    LiveServer(Path dir, long seed, LoaderSettings data) throws Exception {
        this(dir, seed, data, 60);
    }

    /** A server that closes a connection silent for {@code idleSeconds}. */
    LiveServer(Path dir, long seed, LoaderSettings data, int idleSeconds) throws Exception {
        server =
                AcmeAirServer.start(new ServerOptions(0, dir.resolve("db"), data, true, seed, true, idleSeconds, true));
    }

    URI uri(String path) {
        return URI.create("http://127.0.0.1:" + server.port() + "/rest/api" + path);
    }

    HttpResponse<String> get(String path, String session) throws IOException, InterruptedException {
        return send(request(path, session).GET());
    }

    HttpResponse<String> postForm(String path, String session, Map<String, String> form)
            throws IOException, InterruptedException {
        String body = form.entrySet().stream()
                .map(e -> URLEncoder.encode(e.getKey(), StandardCharsets.UTF_8) + "="
                        + URLEncoder.encode(e.getValue(), StandardCharsets.UTF_8))
                .collect(Collectors.joining("&"));
        return postRaw(path, session, "application/x-www-form-urlencoded", body);
    }

    HttpResponse<String> postRaw(String path, String session, String contentType, String body)
            throws IOException, InterruptedException {
        return send(request(path, session)
                .header("Content-Type", contentType)
                .POST(HttpRequest.BodyPublishers.ofString(body)));
    }

    HttpResponse<String> send(HttpRequest.Builder request) throws IOException, InterruptedException {
        return client.send(request.timeout(Duration.ofSeconds(20)).build(), HttpResponse.BodyHandlers.ofString());
    }

    HttpRequest.Builder request(String path, String session) {
        HttpRequest.Builder b = HttpRequest.newBuilder(uri(path));
        return session == null ? b : b.header("Cookie", "sessionid=" + session);
    }

    /** Logs in as {@code uid<n>@email.com} and returns the session id. */
    String login(int n) throws IOException, InterruptedException {
        HttpResponse<String> r =
                postForm("/login", null, form("login", "uid" + n + "@email.com", "password", "password"));
        if (r.statusCode() != 200) {
            throw new IllegalStateException("login failed: " + r.statusCode() + " " + r.body());
        }
        String cookie = r.headers().firstValue("Set-Cookie").orElseThrow();
        return cookie.substring("sessionid=".length(), cookie.indexOf(';'));
    }

    static Map<String, String> form(String... nameValues) {
        Map<String, String> form = new LinkedHashMap<>();
        for (int i = 0; i < nameValues.length; i += 2) {
            form.put(nameValues[i], nameValues[i + 1]);
        }
        return form;
    }

    @Override
    public void close() {
        client.close();
        server.close();
    }
}
