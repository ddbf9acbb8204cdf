package dev.reprise.agent.flavour;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.reprise.agent.context.Envelopes;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

/** Akka's names as Pekko names them: in the agent's own classes, and in a ported program's strings. */
class FlavourTest {
    @Test
    void namesAClassAConfigurationKeyAndAMangledMember() {
        assertEquals("org.apache.pekko.actor.ActorCell", Flavour.PEKKO.type("akka.actor.ActorCell"));
        assertEquals("akka.actor.ActorCell", Flavour.AKKA.type("akka.actor.ActorCell"));
        assertEquals(
                "pekko.coordinated-shutdown.run-by-jvm-shutdown-hook",
                Flavour.PEKKO.config("akka.coordinated-shutdown.run-by-jvm-shutdown-hook"));
        assertEquals(
                "org$apache$pekko$actor$LightArrayRevolverScheduler$$schedule",
                Flavour.PEKKO.member("akka$actor$LightArrayRevolverScheduler$$schedule"));
        // A trait's setter names its trait's package twice.
        assertEquals(
                "org$apache$pekko$actor$StashSupport$_setter_$org$apache$pekko$actor$StashSupport$$capacity_$eq",
                Flavour.PEKKO.member("akka$actor$StashSupport$_setter_$akka$actor$StashSupport$$capacity_$eq"));
        assertTrue(Flavour.PEKKO.owns("org/apache/pekko/actor/ActorRef"));
        assertFalse(Flavour.PEKKO.owns("akka/actor/ActorRef"));
    }

    @Test
    void supportsAkka26To28AndPekko1() {
        assertTrue(Flavour.AKKA.supports("2.6.21"));
        assertTrue(Flavour.AKKA.supports("2.8.5"));
        assertFalse(Flavour.AKKA.supports("2.5.32"));
        assertFalse(Flavour.AKKA.supports("2.9.0"));
        assertTrue(Flavour.PEKKO.supports("1.0.1"));
        assertTrue(Flavour.PEKKO.supports("1.7.0"));
        assertFalse(Flavour.PEKKO.supports("2.0.0"));
    }

    @Test
    void anAgentClassRenamedForPekkoNamesNoAkkaType() throws IOException {
        byte[] compiled = classFile(Envelopes.class);
        assertTrue(latin1(compiled).contains("akka/dispatch/Envelope"), "the class as compiled names Akka's types");
        String renamed = latin1(RenamedClasses.rename(compiled, Flavour.PEKKO));
        assertFalse(renamed.contains("akka/"), "no Akka type is left");
        assertTrue(renamed.contains("org/apache/pekko/dispatch/Envelope"), "Pekko's is named instead");
        assertEquals(latin1(compiled), latin1(RenamedClasses.rename(compiled, Flavour.AKKA)), "Akka's: as compiled");
    }

    @Test
    void aProgramsStringsAreConfigurationKeysClassNamesOrActorPaths() {
        assertEquals(
                "pekko.loglevel = WARNING\npekko.log-dead-letters = off",
                ProgramPort.text("akka.loglevel = WARNING\nakka.log-dead-letters = off"));
        assertEquals(
                "pekko.persistence.journal.plugin = pekko.persistence.journal.inmem",
                ProgramPort.text("akka.persistence.journal.plugin = akka.persistence.journal.inmem"));
        assertEquals(
                "class = \"org.apache.pekko.persistence.journal.inmem.InmemJournal\"",
                ProgramPort.text("class = \"akka.persistence.journal.inmem.InmemJournal\""));
        assertEquals("pekko://lobby/user/host", ProgramPort.text("akka://lobby/user/host"));
        assertEquals(
                "org.apache.pekko.actor.typed.internal.adapter.ActorRefAdapter",
                ProgramPort.text("akka.actor.typed.internal.adapter.ActorRefAdapter"));
        // Not Akka's names: left as they are.
        for (String other : new String[] {"no-akka", "akka 2.6.21", "Akka Streams", "my.akka.thing", "dakka.x"}) {
            assertEquals(other, ProgramPort.text(other));
        }
    }

    private static byte[] classFile(Class<?> type) throws IOException {
        try (InputStream in = type.getResourceAsStream(type.getSimpleName() + ".class")) {
            return in.readAllBytes();
        }
    }

    private static String latin1(byte[] bytes) {
        return new String(bytes, StandardCharsets.ISO_8859_1);
    }
}
