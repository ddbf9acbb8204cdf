package dev.reprise.tools.bench;

import java.io.IOException;
import java.util.List;
import java.util.concurrent.TimeUnit;

/** Pinning a child JVM to one core with {@code taskset -c 0}, where taskset exists and works. */
final class CorePin {
    private CorePin() {}

    /** {@code taskset -c 0}, or empty when taskset is missing or refused (e.g. not Linux). */
    static List<String> command() {
        List<String> pin = List.of("taskset", "-c", "0");
        try {
            Process p = new ProcessBuilder(pin.get(0), pin.get(1), pin.get(2), "true")
                    .redirectErrorStream(true)
                    .redirectOutput(ProcessBuilder.Redirect.DISCARD)
                    .start();
            return p.waitFor(10, TimeUnit.SECONDS) && p.exitValue() == 0 ? pin : List.of();
        } catch (IOException e) {
            return List.of();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return List.of();
        }
    }
}
