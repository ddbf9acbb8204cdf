package dev.reprise.agent;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import org.junit.jupiter.api.Test;

class ProgramCheckTest {
    @Test
    void theSameCommandLinePassesWhateverItsSpacing() {
        assertNull(ProgramCheck.difference("com.acme.Main a b", "com.acme.Main  a b "));
    }

    @Test
    void anotherMainClassOrOtherArgumentsAreNamed() {
        assertEquals(
                "its main class was com.acme.Main, this run's is com.acme.Other",
                ProgramCheck.difference("com.acme.Main a", "com.acme.Other a"));
        assertEquals(
                "its arguments were [a, b], this run's are [a]",
                ProgramCheck.difference("com.acme.Main a b", "com.acme.Main a"));
        assertEquals("its arguments were [], this run's are [x]", ProgramCheck.difference("app.jar", "app.jar x"));
    }

    @Test
    void aTraceThatDoesNotSayIsNotChecked() {
        assertNull(ProgramCheck.difference("unknown", "com.acme.Main"));
        assertNull(ProgramCheck.difference(null, "com.acme.Main"));
        assertNull(ProgramCheck.difference("com.acme.Main", null));
    }
}
