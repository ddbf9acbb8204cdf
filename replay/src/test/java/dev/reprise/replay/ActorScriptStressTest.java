package dev.reprise.replay;

import dev.reprise.testsupport.Jcstress;
import java.nio.file.Path;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Runs {@link ActorScriptStress} under jcstress; a forbidden outcome in any compilation mode fails. */
@Tag("slow") // jcstress: starts JVMs, takes minutes: left out of ./reprise test --fast
class ActorScriptStressTest {
    @TempDir
    Path tmp;

    @Test
    void takesAndPeeksOnOtherThreadsSeeEveryEventOnceInOrder() throws Exception {
        Jcstress.assertOnlyAllowedOutcomes(tmp, ActorScriptStress.class);
    }
}
