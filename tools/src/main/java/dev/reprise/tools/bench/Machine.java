package dev.reprise.tools.bench;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.stream.Stream;

/**
 * The machine a report was measured on, for its "Machine:" line: cores, processor model and JVM.
 * Figures from different machines differ (a run resumed on another one says so in its report).
 */
final class Machine {
    private Machine() {}

    /** E.g. {@code 2 cores (AMD EPYC), OpenJDK 64-Bit Server VM 25.0.3}. */
    static String describe() {
        String cpu = cpuModel();
        return Runtime.getRuntime().availableProcessors() + " cores" + (cpu == null ? "" : " (" + cpu + ")") + ", "
                + System.getProperty("java.vm.name") + " " + System.getProperty("java.version");
    }

    /** The processor's model name from {@code /proc/cpuinfo}, or null where there is none (not Linux). */
    static String cpuModel() {
        Path info = Path.of("/proc/cpuinfo");
        if (!Files.isReadable(info)) {
            return null;
        }
        try (Stream<String> lines = Files.lines(info)) {
            return lines.filter(l -> l.startsWith("model name"))
                    .map(l -> l.substring(l.indexOf(':') + 1).trim())
                    .filter(m -> !m.isEmpty())
                    .findFirst()
                    .orElse(null);
        } catch (IOException | RuntimeException e) {
            return null;
        }
    }
}
