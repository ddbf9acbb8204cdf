package dev.reprise.hookbench;

import java.util.ArrayList;
import java.util.List;

/** Everything measured for one benchmark in one configuration, over all its forks. */
final class Tally {
    final List<Double> nsPerMessage = new ArrayList<>();
    final List<Double> bytesPerMessage = new ArrayList<>();
    final List<Double> cpuNsPerMessage = new ArrayList<>();
    /** Trace bytes per message, recorded forks only. */
    final List<Double> traceBytesPerMessage = new ArrayList<>();

    void add(ForkResult r) {
        nsPerMessage.addAll(r.nsPerMessage());
        bytesPerMessage.add(r.bytesPerMessage());
        cpuNsPerMessage.add(r.cpuNsPerMessage());
    }

    double ns() {
        return Difference.mean(nsPerMessage);
    }

    double bytes() {
        return Difference.mean(bytesPerMessage);
    }

    double cpu() {
        return Difference.mean(cpuNsPerMessage);
    }

    double traceBytes() {
        return Difference.mean(traceBytesPerMessage);
    }
}
