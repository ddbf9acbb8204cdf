package dev.reprise.agent;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.reprise.agent.health.AgentLog;
import dev.reprise.runtime.OverflowPolicy;
import dev.reprise.runtime.SyncPolicy;
import dev.reprise.trace.Encoding;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;

class AgentOptionsTest {
    @Test
    void parsesModeRecorderAndAgentOptions() {
        AgentOptions o = AgentOptions.parse(
                "record,trace=/tmp/t,bufferSize=16k,overflow=drop,smallIds=false,sync=always,"
                        + "include=com.acme.;org.shop.,exclude=com.acme.gen.,log=info",
                "Main");
        assertEquals("record", o.mode());
        assertEquals(Path.of("/tmp/t"), o.recorder().traceDir());
        assertEquals(16 * 1024, o.recorder().bufferSize());
        assertEquals(OverflowPolicy.DROP, o.recorder().overflow());
        assertEquals(Encoding.FULL_WIDTH, o.recorder().encoding());
        assertEquals(SyncPolicy.ALWAYS, o.recorder().sync());
        assertEquals("Main", o.recorder().program());
        assertEquals(List.of("com.acme.", "org.shop."), o.include());
        assertEquals(AgentLog.Level.INFO, o.log());
    }

    @Test
    void perturbationIsOffUnlessAsked() {
        assertEquals(null, AgentOptions.parse("record,trace=t", "Main").perturbation());
        assertEquals(
                "pct:7",
                AgentOptions.parse("record,trace=t,perturb=pct:7", "Main")
                        .perturbation()
                        .text());
        assertEquals(
                "mixed:42",
                AgentOptions.parse("record,trace=t,perturb=42", "Main")
                        .perturbation()
                        .text());
        IllegalArgumentException bad = assertThrows(
                IllegalArgumentException.class, () -> AgentOptions.parse("record,trace=t,perturb=soon", "Main"));
        assertTrue(bad.getMessage().startsWith("perturb: "), bad::getMessage);
        assertEquals(null, AgentOptions.parse("replay,trace=t", "Main").perturbation(), "replay never perturbs");
    }

    @Test
    void choosesWhichClassesHaveTheirCallsRecorded() {
        AgentOptions defaults = AgentOptions.parse("record,trace=t", "Main");
        assertTrue(defaults.recordsCallsIn("com.acme.Billing"));
        assertTrue(
                defaults.recordsCallsIn("dev.reprise.savina.bench.PingPong"), "Reprise's benchmarks are applications");
        assertFalse(defaults.recordsCallsIn("akka.actor.ActorCell"));
        assertFalse(defaults.recordsCallsIn("java.util.Random"));
        assertFalse(defaults.recordsCallsIn("dev.reprise.agent.context.Turns"));

        AgentOptions some =
                AgentOptions.parse("record,trace=t,include=com.acme.;akka.contrib.,exclude=com.acme.gen.", "Main");
        assertTrue(some.recordsCallsIn("com.acme.Billing"));
        assertFalse(some.recordsCallsIn("com.acme.gen.Parser"), "explicit exclude wins");
        assertFalse(some.recordsCallsIn("org.other.Thing"), "only what is included");
        assertTrue(some.recordsCallsIn("akka.contrib.Pattern"), "an include may reach into the default exclusions");
        assertFalse(
                AgentOptions.parse("record,trace=t,include=dev.reprise.", "Main")
                        .recordsCallsIn("dev.reprise.runtime.Recorder"),
                "the agent's own runtime never");
    }

    @Test
    void instrumentedClassesAreCachedUnlessTurnedOff() {
        assertEquals(
                java.nio.file.Path.of("/tmp/c"),
                AgentOptions.parse("record,trace=t,cache=/tmp/c", "Main").cache());
        assertEquals(
                null, AgentOptions.parse("record,trace=t,cache=off", "Main").cache());
        assertEquals(
                null, AgentOptions.parse("replay,trace=t,cache=off", "Main").cache());
        assertTrue(AgentOptions.parse("record,trace=t", "Main").cache().endsWith("reprise"), "a default folder");
    }

    @Test
    void badArgumentsAreRefusedWithTheValidChoices() {
        assertMessage("the agent needs an argument: record,trace=DIR[,key=value...]", "");
        assertMessage(
                "the agent argument must start with record or replay, not 'trace=x' (e.g. record,trace=/tmp/trace)",
                "trace=x");
        assertMessage(
                "unknown agent option 'color'; valid options: trace, bufferSize, bufferMemory, flushInterval, "
                        + "overflow, smallIds, compress, fingerprints, dataMemory, access, sync, program, include, exclude, log, cache, perturb",
                "record,trace=x,color=red");
        assertMessage(
                "agent option 'verbose' is not key=value; valid keys: trace, bufferSize, bufferMemory, "
                        + "flushInterval, overflow, smallIds, compress, fingerprints, dataMemory, access, sync, program, include, exclude, log, cache, perturb",
                "record,trace=x,verbose");
        assertMessage("log: expected warn, info or debug, was 'loud'", "record,trace=x,log=loud");
        assertMessage("sync: expected none, interval or always, was 'sometimes'", "record,trace=x,sync=sometimes");
        assertMessage("trace: a trace directory is required (trace=DIR)", "record,bufferSize=1m");
    }

    @Test
    void replayStopsAtTheEndOfTheRecordingUnlessToldToGoOnLive() {
        AgentOptions stop = AgentOptions.parse("replay,trace=/tmp/t", "Main");
        assertFalse(stop.liveAfterEnd());
        assertEquals(AgentOptions.DEFAULT_QUIET, stop.quiet());
        assertTrue(AgentOptions.parse("replay,trace=/tmp/t,end=live,quiet=500ms", "Main")
                .liveAfterEnd());
        assertMessage(
                "end: expected stop (actors stop where the recording ends) or live (they go on live), was 'never'",
                "replay,trace=/tmp/t,end=never");
        assertMessage(
                "unknown replay option 'color'; valid options: trace, quiet, end, input, verbose, fingerprints, "
                        + "changedProgram, log, cache",
                "replay,trace=/tmp/t,color=red");
        assertTrue(
                AgentOptions.parse("replay,trace=/tmp/t", "Main").fingerprints(),
                "fingerprints are checked by default");
        assertFalse(AgentOptions.parse("replay,trace=/tmp/t,fingerprints=false", "Main")
                .fingerprints());
        assertMessage(
                "fingerprints: expected true (check each message's class and each turn's sends against the "
                        + "recording) or false (do not), was 'maybe'",
                "replay,trace=/tmp/t,fingerprints=maybe");
    }

    @Test
    void replayTakesOutsideInputFromTheProgramUnlessToldToTakeItFromTheTrace() {
        assertFalse(AgentOptions.parse("replay,trace=/tmp/t", "Main").inputFromTrace());
        assertTrue(AgentOptions.parse("replay,trace=/tmp/t,input=trace", "Main").inputFromTrace());
        assertMessage(
                "input: expected live (the program's threads send their input again) or trace (recorded input "
                        + "comes from the trace alone, e.g. a server replayed without its clients), was 'http'",
                "replay,trace=/tmp/t,input=http");
    }

    @Test
    void replayReportsFitAScreenUnlessVerbose() {
        assertFalse(AgentOptions.parse("replay,trace=/tmp/t", "Main").verbose());
        assertTrue(
                AgentOptions.parse("replay,trace=/tmp/t,verbose=true", "Main").verbose());
        assertMessage(
                "verbose: expected true (reports show everything) or false (a screenful), was 'yes'",
                "replay,trace=/tmp/t,verbose=yes");
    }

    private static void assertMessage(String expected, String argument) {
        IllegalArgumentException e =
                assertThrows(IllegalArgumentException.class, () -> AgentOptions.parse(argument, "Main"));
        assertEquals(expected, e.getMessage());
    }
}
