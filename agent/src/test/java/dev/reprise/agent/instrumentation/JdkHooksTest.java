package dev.reprise.agent.instrumentation;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;

import java.io.InputStream;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;

/**
 * On the JDK this build runs on, every JDK hook matches its method (the clock and random sources,
 * the thread pools' submit methods, every CompletableFuture stage method): a JDK that renamed one
 * would be reported at start, not silently left out. (The JVM verifies the hooked classes in
 * every recording the ITs make.)
 */
class JdkHooksTest {
    @Test
    void everyNamedHookMatchesThisJdkAndTheClassesStillVerify() throws Exception {
        Set<String> present = new HashSet<>();
        for (String type : JdkHooks.NAMED_TYPES) {
            byte[] original;
            try (InputStream in = ClassLoader.getSystemResourceAsStream(type + ".class")) {
                if (in == null) {
                    continue; // not in this JDK
                }
                original = in.readAllBytes();
            }
            present.add(type);
            assertNotNull(JdkHooks.transform(type, original), type + " has hooks but none was applied");
        }
        assertEquals(List.of(), JdkHooks.unmatched(present));
    }
}
