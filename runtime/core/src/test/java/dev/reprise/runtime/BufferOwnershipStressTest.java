package dev.reprise.runtime;

import dev.reprise.testsupport.Jcstress;
import java.nio.file.Path;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Runs the jcstress tests of the buffer protocol ({@link BufferOwnershipStress}) and of the data
 * stage's publication ({@link DataStageStress}) under jcstress; a forbidden outcome in any
 * compilation mode fails.
 */
@Tag("slow") // jcstress: starts JVMs, takes minutes: left out of ./reprise test --fast
class BufferOwnershipStressTest {
    @TempDir
    Path tmp;

    @Test
    void everyTransitionRaceHasOnlyAllowedOutcomes() throws Exception {
        Jcstress.assertOnlyAllowedOutcomes(tmp, BufferOwnershipStress.class, DataStageStress.class);
    }
}
