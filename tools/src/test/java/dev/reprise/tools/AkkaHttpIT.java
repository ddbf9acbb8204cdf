package dev.reprise.tools;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.reprise.samples.AuditedStore;
import dev.reprise.samples.HttpCounters;
import java.io.IOException;
import java.io.OutputStream;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.function.BiFunction;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/**
 * An Akka HTTP 10.2 server ({@link HttpCounters}: routes that ask an actor, a chunked response,
 * a stop route that unbinds) recorded through {@code ./reprise record} under real loopback clients
 * (three at once, one request per connection), then replayed three times with {@code
 * --input-from-trace} and no client, and three times with live clients: the same program output
 * each time, and the live clients get the recorded responses, byte for byte. The same for {@link
 * AuditedStore} (Scala routing DSL, Akka Typed), whose routes hand the program's pool work that
 * tells an actor when done.
 */
@Tag("samples")
class AkkaHttpIT {
    private static final ServerRun.Program PROGRAM =
            new ServerRun.Program(HttpCounters.class, List.of("0"), AkkaHttpIT::talk, AkkaHttpIT::ownLine, List.of());
    private static final ServerRun.Program AUDITED = new ServerRun.Program(
            AuditedStore.class, List.of("0"), AkkaHttpIT::putAndPeek, AkkaHttpIT::auditedStoresLine, List.of());
    private static final int CLIENTS = 3;
    private static final int REQUESTS = 4;

    @BeforeAll
    static void packaged() {
        Cli.requireJars();
    }

    @Test
    void anAkkaHttpServerReplaysWithoutItsClientsAndWithThem() throws Exception {
        Path dir = RecordedPrograms.folder("akka-http");
        Path trace = dir.resolve("trace");
        ServerRun recorded = PROGRAM.run(dir, "record", trace);
        assertEquals(0, recorded.exit(), recorded::toString);
        assertEquals(
                CLIENTS * REQUESTS,
                recorded.programLines().stream()
                        .filter(l -> l.startsWith("counter "))
                        .count(),
                recorded::toString);
        assertTrue(recorded.programLines().contains("stopped"), recorded::toString);
        assertTrue(recorded.answers().getLast().endsWith("bye\n"), recorded::toString);
        assertFalse(recorded.output().contains("Akka HTTP's client"), "a server alone uses no client: " + recorded);

        PROGRAM.assertReplaysAsRecorded(dir, trace, recorded, 3);
    }

    /**
     * {@link AuditedStore} (Scala, Akka Typed): each {@code PUT}'s route gives a task to the
     * program's pool that writes the key's value, then tells the auditor, which reads it from the
     * store. The route runs in the connection's stream actor, one of Akka's: its task's "audit"
     * was injected from the trace before the task wrote again, and the auditor printed -1 where
     * the recording had the value.
     */
    @Test
    void aRoutesTaskTellsItsActorAfterWritingTheStoreInReplayToo() throws Exception {
        Path dir = RecordedPrograms.folder("audited-store");
        Path trace = dir.resolve("trace");
        ServerRun recorded = AUDITED.run(dir, "record", trace);
        assertEquals(0, recorded.exit(), recorded::toString);
        List<String> audits = recorded.programLines().stream()
                .filter(l -> l.startsWith("audit "))
                .toList();
        assertEquals(CLIENTS * REQUESTS, audits.size(), recorded::toString);
        assertTrue(audits.stream().noneMatch(l -> l.endsWith(" -1")), recorded::toString);

        AUDITED.assertReplaysAsRecorded(dir, trace, recorded, 2);
    }

    /**
     * Three clients at once, each putting four keys; then peeks until every key is audited, then
     * the stop. Returns the puts' and the stop's answers, the puts' sorted (how many peeks it
     * takes is the run's; a replay's live client gets the recorded answers, so makes as many).
     */
    private static List<String> putAndPeek(int port) throws Exception {
        List<String> answers = postsAtOnce(port, (client, k) -> "/put/c" + client + "k" + k);
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
        while (!request(port, "GET", "/peek").endsWith("audited " + CLIENTS * REQUESTS + "\n")
                && System.nanoTime() < deadline) {
            Thread.sleep(20);
        }
        answers.add(request(port, "POST", "/stop"));
        return answers;
    }

    private static boolean ownLine(String l) {
        return l.equals("listening") || l.startsWith("counter ") || l.equals("stopped");
    }

    private static boolean auditedStoresLine(String l) {
        return l.startsWith("audit ") || l.startsWith("report ") || l.equals("listening") || l.equals("stopped");
    }

    /**
     * Three clients at once, each adding to a counter four times; then the listing, then the
     * stop. Returns each whole response (status line, headers, body), the additions' sorted.
     */
    private static List<String> talk(int port) throws Exception {
        List<String> answers = postsAtOnce(port, (client, k) -> "/count/x" + k % 2);
        answers.add(request(port, "GET", "/counts"));
        answers.add(request(port, "POST", "/stop"));
        return answers;
    }

    /** {@link #CLIENTS} clients at once, each posting {@link #REQUESTS} times to {@code path(client, k)}: every answer, sorted. */
    private static List<String> postsAtOnce(int port, BiFunction<Integer, Integer, String> path) throws Exception {
        ExecutorService pool = Executors.newFixedThreadPool(CLIENTS);
        try {
            List<Future<List<String>>> clients = new ArrayList<>();
            for (int c = 0; c < CLIENTS; c++) {
                int client = c;
                clients.add(pool.submit(() -> {
                    List<String> got = new ArrayList<>();
                    for (int k = 0; k < REQUESTS; k++) {
                        got.add(request(port, "POST", path.apply(client, k)));
                    }
                    return got;
                }));
            }
            List<String> answers = new ArrayList<>();
            for (Future<List<String>> f : clients) {
                answers.addAll(f.get(60, TimeUnit.SECONDS));
            }
            answers.sort(null);
            return answers;
        } finally {
            pool.shutdownNow();
        }
    }

    /** One request on a connection of its own, closed by the server after its response: the whole response. */
    private static String request(int port, String method, String path) throws IOException {
        try (Socket s = new Socket("127.0.0.1", port)) {
            s.setSoTimeout(30_000);
            OutputStream out = s.getOutputStream();
            out.write((method + " " + path + " HTTP/1.1\r\nHost: localhost\r\nContent-Length: 0\r\n"
                            + "Connection: close\r\n\r\n")
                    .getBytes(StandardCharsets.US_ASCII));
            out.flush();
            return new String(s.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        }
    }
}
