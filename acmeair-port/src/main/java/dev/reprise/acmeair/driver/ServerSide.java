package dev.reprise.acmeair.driver;

import dev.reprise.acmeair.latency.ServerLatency;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.Locale;

/**
 * The server's own latency over a measured run ({@link ServerLatency}, on a server started with
 * {@code --latency}): taken once before the run, which clears what the warm-up left, and once after.
 */
public final class ServerSide {
    private ServerSide() {}

    /** How the driver prints it; {@code DriverResult} in the tools reads it back. */
    static final String LINE = "server side: %d requests, latency in us: p50 %d, p90 %d, p99 %d, p99.9 %d";

    /**
     * @param server the server's base URL
     * @return the server's count and percentiles since the last call ({@link ServerLatency#parse})
     * @throws IOException if the server does not answer it (not started with {@code --latency})
     */
    public static long[] take(URI server) throws IOException, InterruptedException {
        try (HttpClient client = HttpClient.newHttpClient()) {
            HttpResponse<String> r = client.send(
                    HttpRequest.newBuilder(server.resolve(ServerLatency.PATH))
                            .timeout(Duration.ofSeconds(30))
                            .build(),
                    HttpResponse.BodyHandlers.ofString());
            if (r.statusCode() != 200) {
                throw new IOException("the server answered " + ServerLatency.PATH + " with status " + r.statusCode()
                        + ": start it with --latency");
            }
            return ServerLatency.parse(r.body());
        }
    }

    /** @return {@link #LINE} for what {@link #take} returned */
    public static String line(long[] v) {
        return String.format(Locale.ROOT, LINE, v[0], v[1], v[2], v[3], v[4]);
    }
}
