package dev.reprise.agent;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.reprise.programs.ClientsAndServerProgram;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A server replayed without its clients ({@code input=trace}, what {@code ./reprise replay
 * --input-from-trace} passes): the recorded requests, whose senders (the clients' ask temp actors)
 * never exist in the replay, come from the trace, in the recorded order, with stand-ins taking the
 * replies; the server prints what it printed when recorded. With its clients and the default
 * input, the replay is the same.
 */
class InputFromTraceIT {
    @TempDir
    Path tmp;

    @Test
    void aServerReplaysItsRecordedRequestsWithoutItsClients() throws Exception {
        for (int i = 0; i < 2; i++) {
            Path trace = tmp.resolve("run" + i);
            RecordedRun rec =
                    RecordedRun.record(trace, "include=dev.reprise.programs", ClientsAndServerProgram.class, "clients");
            assertEquals(0, rec.exitCode, rec.toString());
            assertEquals(40, rec.out.size(), rec.toString());
            RecordedRun withoutClients = RecordedRun.run(
                    trace,
                    "-javaagent:" + RecordedRun.agentJar() + "=replay,trace=" + trace
                            + ",input=trace,changedProgram=true",
                    ClientsAndServerProgram.class,
                    "none");
            assertEquals(0, withoutClients.exitCode, withoutClients.toString());
            assertEquals(rec.out, withoutClients.out, withoutClients.err);
            withoutClients.assertApplicationTraceConsumed();
            RecordedRun withClients = RecordedRun.replay(trace, List.of(), ClientsAndServerProgram.class, "clients");
            assertEquals(0, withClients.exitCode, withClients.toString());
            assertEquals(rec.out, withClients.out, withClients.err);
        }
    }

    @Test
    void withoutClientsAndWithoutInputFromTraceTheReplaySaysWhatItWaitsFor() throws Exception {
        Path trace = tmp.resolve("waits");
        RecordedRun rec =
                RecordedRun.record(trace, "include=dev.reprise.programs", ClientsAndServerProgram.class, "clients");
        assertEquals(0, rec.exitCode, rec.toString());
        RecordedRun rep = RecordedRun.run(
                trace,
                "-javaagent:" + RecordedRun.agentJar() + "=replay,trace=" + trace + ",quiet=2s,changedProgram=true",
                ClientsAndServerProgram.class,
                "none");
        assertEquals(86, rep.exitCode, rep.toString());
        assertTrue(rep.err.contains("waits for outside input") && rep.err.contains("input-from-trace"), rep.err);
    }
}
