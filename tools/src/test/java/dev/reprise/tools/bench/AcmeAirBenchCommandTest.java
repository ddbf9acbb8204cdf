package dev.reprise.tools.bench;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.reprise.testsupport.ChildProcess;
import dev.reprise.tools.RepriseCommand;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;

/** The bench's refusals, which come before any server starts. */
class AcmeAirBenchCommandTest {
    @TempDir
    Path tmp;

    private String refusal(String... args) {
        CommandLine cl = RepriseCommand.commandLine();
        StringWriter err = new StringWriter();
        cl.setOut(new PrintWriter(new StringWriter(), true));
        cl.setErr(new PrintWriter(err, true));
        assertEquals(2, cl.execute(args), err::toString);
        return err.toString();
    }

    @Test
    void badOptionsExitWithTwoNamingTheOption() throws IOException {
        Path jar = Files.createFile(tmp.resolve("agent.jar"));
        String rounds = refusal("bench", "acmeair", "--agent", jar.toString(), "--classpath", "x", "--rounds", "0");
        assertTrue(rounds.contains("--rounds must be at least 1, was 0"), rounds);
        String agent =
                refusal("bench", "acmeair", "--agent", tmp.resolve("none.jar").toString(), "--classpath", "x");
        assertTrue(agent.contains("--agent: no such file"), agent);
        String out =
                refusal("bench", "acmeair", "--agent", jar.toString(), "--classpath", "x", "--out", jar.toString());
        assertTrue(out.contains("--out: " + jar + " is a file"), out);
        String unknown = refusal("bench", "acmeair", "--agent", jar.toString(), "--classpath", "x", "--frobnicate");
        assertTrue(unknown.contains("--frobnicate"), unknown);
    }

    @Test
    void aServerThatCannotStartShowsItsStderr() {
        AcmeAirLaunch launch =
                new AcmeAirLaunch(ChildProcess.javaExecutable().toString(), tmp.toString(), "unused.jar");
        IOException e =
                assertThrows(IOException.class, () -> AcmeAirServerJvm.start(launch, "untraced", null, tmp, 10, 60));
        assertTrue(
                e.getMessage().startsWith("the untraced Acme-Air server exited with code 1 before listening"),
                e::getMessage);
        assertTrue(e.getMessage().contains("dev.reprise.acmeair.AcmeAirServer"), e::getMessage);
    }
}
