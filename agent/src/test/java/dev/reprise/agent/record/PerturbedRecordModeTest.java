package dev.reprise.agent.record;

import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.reprise.agent.context.AgentCopy;
import dev.reprise.agent.perturb.Perturbation;
import dev.reprise.runtime.Recorder;
import dev.reprise.runtime.RecorderSettings;
import java.nio.file.Path;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import scala.concurrent.duration.FiniteDuration;

/** A perturbed recording puts timers off, never forward; a plain one leaves them as asked. */
class PerturbedRecordModeTest {
    @TempDir
    Path tmp;

    @Test
    void timersArePutOffOnlyWhenPerturbed() throws Exception {
        Recorder recorder = Recorder.startWithoutMBean(RecorderSettings.defaults(tmp.resolve("trace")), Map.of());
        try {
            FiniteDuration asked = FiniteDuration.apply(100, TimeUnit.MILLISECONDS);
            assertSame(asked, new RecordMode(recorder, false, AgentCopy.only()).timerDelay(asked));
            RecordMode perturbed =
                    new PerturbedRecordMode(recorder, false, AgentCopy.only(), Perturbation.parse("random:3"));
            int later = 0;
            for (int i = 0; i < 200; i++) {
                FiniteDuration got = perturbed.timerDelay(asked);
                assertTrue(got.gteq(asked), () -> "never sooner than asked: " + got);
                later += got.gt(asked) ? 1 : 0;
            }
            assertTrue(later > 0, "some timers are put off");
            assertSame(
                    asked,
                    new PerturbedRecordMode(recorder, false, AgentCopy.only(), Perturbation.parse("pct:3"))
                            .timerDelay(asked),
                    "pct leaves timers alone");
        } finally {
            recorder.close();
        }
    }
}
