package dev.reprise.agent.actor;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import akka.actor.ActorPath;
import akka.actor.ActorPaths;
import dev.reprise.agent.context.Envelopes;
import org.junit.jupiter.api.Test;

class PathStartTest {
    private static ActorPath path(String p) {
        return ActorPaths.fromString("akka://sys" + p);
    }

    @Test
    void findsTheAncestorsBelowTheRoot() {
        ActorPath p = path("/system/IO-TCP/selectors/$a/0");
        assertEquals("system", PathStart.at(p, 1).name());
        assertEquals("IO-TCP", PathStart.at(p, 2).name());
        assertEquals(p, PathStart.at(p, 5));
        assertNull(PathStart.at(p, 6));
        assertNull(PathStart.at(path("/"), 1));
    }

    @Test
    void underAGuardianMeansStrictlyBelowIt() {
        assertTrue(PathStart.under(path("/user/a/b"), "user"));
        assertFalse(PathStart.under(path("/user"), "user"));
        assertFalse(PathStart.under(path("/system/log1"), "user"));
        assertFalse(PathStart.under(path("/userish/a"), "user"));
    }

    @Test
    void outsideInputContentIsRecordedForTheApplicationAndAkkaIoOnly() {
        assertTrue(Envelopes.inputContentRecorded(path("/user/server")));
        assertTrue(Envelopes.inputContentRecorded(path("/temp/$a")));
        assertTrue(Envelopes.inputContentRecorded(path("/system/IO-TCP/selectors/$a/0")));
        assertTrue(Envelopes.inputContentRecorded(path("/system/IO-UDP-FF/selectors/$a/0")));
        assertTrue(Envelopes.inputContentRecorded(path("/system/IO-UDP-CONN/selectors/$a/0")));
        assertFalse(Envelopes.inputContentRecorded(path("/system/IO-TCP")));
        assertFalse(Envelopes.inputContentRecorded(path("/system/log1-Logging$DefaultLogger")));
        assertFalse(Envelopes.inputContentRecorded(path("/system/IO-DNS/inet-address")));
        assertFalse(Envelopes.inputContentRecorded(path("/system")));
    }
}
