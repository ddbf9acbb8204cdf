package dev.reprise.hookbench;

import java.util.ArrayList;
import java.util.List;

/** Everything measured for one benchmark in one configuration: measurement iterations of all its forks. */
final class Tally {
    final List<Double> nsPerMessage = new ArrayList<>();
    final List<Double> cpuNsPerMessage = new ArrayList<>();
    final List<Double> bytesPerMessage = new ArrayList<>();
    /** Trace bytes per message, one per recorded fork. */
    final List<Double> traceBytesPerMessage = new ArrayList<>();

    void add(ForkResult r) {
        nsPerMessage.addAll(r.nsPerMessage());
        cpuNsPerMessage.addAll(r.cpuNsPerMessage());
        bytesPerMessage.addAll(r.bytesPerMessage());
    }
}
