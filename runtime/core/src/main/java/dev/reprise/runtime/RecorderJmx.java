package dev.reprise.runtime;

import java.lang.management.ManagementFactory;
import javax.management.ObjectName;

/**
 * The recorder's JMX bean ({@code dev.reprise:type=Recorder}, a {@link RecorderMBeanView}): registered
 * when its owner asks, unregistered at close. JMX is a convenience: its failures are ignored.
 */
final class RecorderJmx {
    private final Recorder recorder;
    private volatile ObjectName mbeanName;

    RecorderJmx(Recorder recorder) {
        this.recorder = recorder;
    }

    /** Registers the bean, replacing one registered before (an earlier recording's in this JVM). */
    void register() {
        try {
            ObjectName name = new ObjectName("dev.reprise:type=Recorder");
            var server = ManagementFactory.getPlatformMBeanServer();
            if (server.isRegistered(name)) {
                server.unregisterMBean(name);
            }
            server.registerMBean(new RecorderMBeanView(recorder), name);
            mbeanName = name;
        } catch (Exception | LinkageError e) {
            // JMX is a convenience; recording goes on without it.
            mbeanName = null;
        }
    }

    void unregister() {
        if (mbeanName == null) {
            return;
        }
        try {
            ManagementFactory.getPlatformMBeanServer().unregisterMBean(mbeanName);
        } catch (Exception e) {
            // already gone
        }
    }
}
