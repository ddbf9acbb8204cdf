package dev.reprise.tools;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.reprise.samples.TcpAdders;
import dev.reprise.samples.TcpTally;
import dev.reprise.samples.UdpVotes;
import dev.reprise.testsupport.ChildProcess;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.OutputStream;
import java.net.DatagramPacket;
import java.net.DatagramSocket;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/**
 * Network input recorded where it enters the JVM, in Akka IO's TCP: {@link TcpTally}, a server on
 * Akka IO, is recorded through {@code ./reprise record} under real loopback clients (three
 * connections at once, then one after the server idled 8 s, then one that stops it), and replayed
 * three times with {@code --input-from-trace} and no client at all, and three times with live
 * clients, each with {@code --quiet 2s}: the same program output each time, and the live clients
 * get the recorded answers, the late one too (a replay waits for a client as long as the recording
 * did, not the quiet time). And its outgoing TCP:
 * {@link TcpAdders}, three client actors racing to a {@link TcpTally} peer in a JVM of its own,
 * recorded three times and each recording replayed with the peer gone, with and without
 * {@code --input-from-trace}, to the recorded output ({@code --check-output}). And its UDP:
 * {@link UdpVotes}, a datagram service under three loopback clients at once, recorded and replayed
 * three times with no client, with and without {@code --input-from-trace}.
 */
@Tag("samples")
class AkkaIoIT {
    private static final ServerRun.Program PROGRAM = new ServerRun.Program(
            TcpTally.class, List.of(), AkkaIoIT::talk, AkkaIoIT::ownLine, List.of("--quiet", "2s"));
    private static final int CLIENTS = 3;
    private static final int LINES = 5;
    /**
     * Longer than the 5 s a replayed connection waits for its live client beyond the recorded wait,
     * and four times the replays' quiet time (2 s): a server idle 60 s under the default 10 s waits
     * by the same rules.
     */
    private static final long IDLE_MILLIS = 8_000;

    @BeforeAll
    static void packaged() {
        Cli.requireJars();
    }

    @Test
    void aTcpServerReplaysWithoutItsClientsAndWithThem() throws Exception {
        Path dir = RecordedPrograms.folder("akka-io");
        Path trace = dir.resolve("trace");
        ServerRun recorded = PROGRAM.run(dir, "record", trace);
        assertEquals(0, recorded.exit(), recorded::toString);
        assertEquals(
                CLIENTS * LINES + 1,
                recorded.programLines().stream()
                        .filter(l -> l.startsWith("counter "))
                        .count(),
                recorded::toString);
        assertTrue(recorded.programLines().contains("stopped"), recorded::toString);

        PROGRAM.assertReplaysAsRecorded(dir, trace, recorded, 3);
    }

    @Test
    void tcpClientsReplayWithoutTheirPeer() throws Exception {
        Path dir = RecordedPrograms.folder("akka-io-clients");
        Path portFile = dir.resolve("peer-port");
        ChildProcess.Running peer = ChildProcess.java()
                .classPath(SampleRuns.programClassPath(TcpTally.class))
                .main(TcpTally.class, portFile.toString())
                .output(dir.resolve("peer.out"), dir.resolve("peer.err"))
                .timeout(Duration.ofMinutes(5))
                .start();
        String port;
        List<Path> traces = new ArrayList<>();
        List<List<String>> outputs = new ArrayList<>();
        try {
            port = awaitPort(portFile, peer);
            for (int r = 1; r <= 3; r++) {
                Path trace = dir.resolve("trace-" + r);
                Cli.Result recorded = RecordedPrograms.record(trace, TcpAdders.class, port);
                assertEquals(0, recorded.exit(), recorded::toString);
                List<String> lines = recorded.out().lines().toList();
                assertEquals(
                        3 * 3, lines.stream().filter(l -> l.contains(" got ")).count(), recorded::toString);
                traces.add(trace);
                outputs.add(lines);
            }
        } finally {
            peer.terminate();
            peer.waitFor(Duration.ofSeconds(30));
        }
        for (int r = 0; r < traces.size(); r++) {
            for (List<String> options :
                    List.of(List.of("--check-output"), List.of("--check-output", "--input-from-trace"))) {
                Cli.Result replayed = RecordedPrograms.replay(traces.get(r), options, TcpAdders.class, port);
                assertEquals(0, replayed.exit(), replayed::toString);
                assertEquals(outputs.get(r), replayed.out().lines().toList(), replayed::toString);
                assertTrue(
                        replayed.err().contains("[reprise] output: identical to the recording's"), replayed::toString);
            }
        }
    }

    @Test
    void aUdpServiceReplaysWithoutItsClients() throws Exception {
        Path dir = RecordedPrograms.folder("akka-io-udp");
        Path trace = dir.resolve("trace");
        Path portFile = dir.resolve("port");
        Process server = Cli.start(
                List.of(
                        "record",
                        "--trace",
                        trace.toString(),
                        "--",
                        "-cp",
                        SampleRuns.programClassPath(UdpVotes.class),
                        UdpVotes.class.getName(),
                        portFile.toString()),
                dir.resolve("record.txt"));
        List<String> answers = voters(Integer.parseInt(awaitPort(portFile, server.toHandle())));
        assertTrue(server.waitFor(90, TimeUnit.SECONDS), "the UDP service did not end after close");
        assertEquals(0, server.exitValue(), () -> read(dir.resolve("record.txt")));
        List<String> recorded = Files.readAllLines(trace.resolve("output.txt"));
        assertEquals(
                VOTERS * VOTES,
                recorded.stream().filter(l -> l.startsWith("ballot ")).count(),
                recorded::toString);
        assertEquals(VOTERS * VOTES, answers.size(), answers::toString);
        for (int i = 0; i < 3; i++) {
            for (List<String> options :
                    List.of(List.of("--check-output"), List.of("--check-output", "--input-from-trace"))) {
                Cli.Result replayed = RecordedPrograms.replay(trace, options, UdpVotes.class, portFile.toString());
                assertEquals(0, replayed.exit(), replayed::toString);
                assertEquals(recorded, replayed.out().lines().toList(), replayed::toString);
            }
        }
    }

    private static final int VOTERS = 3;
    private static final int VOTES = 4;

    /** Three clients at once, each voting four times (waiting for each answer), then one datagram that closes the service. */
    private static List<String> voters(int port) throws Exception {
        ExecutorService pool = Executors.newFixedThreadPool(VOTERS);
        try {
            List<Future<List<String>>> clients = new ArrayList<>();
            for (int c = 0; c < VOTERS; c++) {
                int who = c;
                clients.add(pool.submit(() -> {
                    List<String> got = new ArrayList<>();
                    try (DatagramSocket s = new DatagramSocket()) {
                        s.setSoTimeout(30_000);
                        for (int k = 0; k < VOTES; k++) {
                            send(s, port, "vote " + ((who + k) % 2 == 0 ? "a" : "b") + " by " + who);
                            DatagramPacket answer = new DatagramPacket(new byte[100], 100);
                            s.receive(answer);
                            got.add(new String(answer.getData(), 0, answer.getLength(), StandardCharsets.UTF_8));
                        }
                    }
                    return got;
                }));
            }
            List<String> answers = new ArrayList<>();
            for (Future<List<String>> f : clients) {
                answers.addAll(f.get(60, TimeUnit.SECONDS));
            }
            try (DatagramSocket s = new DatagramSocket()) {
                send(s, port, "close");
            }
            return answers;
        } finally {
            pool.shutdownNow();
        }
    }

    private static void send(DatagramSocket s, int port, String text) throws IOException {
        byte[] bytes = text.getBytes(StandardCharsets.UTF_8);
        s.send(new DatagramPacket(bytes, bytes.length, new InetSocketAddress("127.0.0.1", port)));
    }

    private static String read(Path file) {
        try {
            return Files.readString(file);
        } catch (IOException e) {
            return e.toString();
        }
    }

    private static String awaitPort(Path file, ChildProcess.Running peer) throws Exception {
        return awaitPort(file, peer.process().toHandle());
    }

    private static String awaitPort(Path file, ProcessHandle process) throws Exception {
        for (int i = 0; i < 600 && process.isAlive(); i++) {
            if (Files.exists(file) && !Files.readString(file).isBlank()) {
                return Files.readString(file).trim();
            }
            Thread.sleep(100);
        }
        throw new AssertionError("no port was written to " + file);
    }

    /**
     * The server's clients: three connections at once, each adding five times; then, after the
     * server idled longer than a replay waits for a client by default, one that adds once; then
     * one that stops it.
     */
    private static List<String> talk(int port) throws Exception {
        ExecutorService pool = Executors.newFixedThreadPool(CLIENTS);
        try {
            List<Future<String>> clients = new ArrayList<>();
            for (int c = 0; c < CLIENTS; c++) {
                clients.add(pool.submit(() -> client(port, LINES)));
            }
            List<String> answers = new ArrayList<>();
            for (Future<String> f : clients) {
                answers.add(f.get(60, TimeUnit.SECONDS));
            }
            Thread.sleep(IDLE_MILLIS); // a server idle between requests
            answers.add("late: " + client(port, 1));
            try (Socket stop = new Socket("127.0.0.1", port)) {
                stop.getOutputStream().write("stop\n".getBytes(StandardCharsets.UTF_8));
                stop.getOutputStream().flush();
                Thread.sleep(200);
            }
            return answers.stream().sorted().toList();
        } finally {
            pool.shutdownNow();
        }
    }

    private static String client(int port, int lines) throws IOException {
        try (Socket s = new Socket("127.0.0.1", port)) {
            s.setSoTimeout(30_000);
            OutputStream out = s.getOutputStream();
            BufferedReader in = new BufferedReader(new InputStreamReader(s.getInputStream(), StandardCharsets.UTF_8));
            StringBuilder got = new StringBuilder();
            for (int k = 0; k < lines; k++) {
                out.write(("add x" + k % 2 + "\n").getBytes(StandardCharsets.UTF_8));
                out.flush();
                got.append(in.readLine()).append(' ');
            }
            return got.toString().trim();
        }
    }

    /** The program's own lines in its output (not the agent's nor the JVM's). */
    private static boolean ownLine(String l) {
        return l.equals("listening") || l.startsWith("counter ") || l.startsWith("total ") || l.equals("stopped");
    }
}
