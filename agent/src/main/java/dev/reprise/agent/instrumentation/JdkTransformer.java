package dev.reprise.agent.instrumentation;

import dev.reprise.agent.context.SystemCalls;
import dev.reprise.agent.health.AgentLog;
import java.lang.instrument.ClassFileTransformer;
import java.security.ProtectionDomain;

/** The JDK's clock and random types, as they load and when retransformed ({@link JdkHooks}). */
final class JdkTransformer implements ClassFileTransformer {
    private final JdkHookTally tally;

    JdkTransformer(JdkHookTally tally) {
        this.tally = tally;
    }

    @Override
    public byte[] transform(
            Module module, ClassLoader loader, String name, Class<?> redefined, ProtectionDomain domain, byte[] bytes) {
        if (!JdkHooks.hooks(name)) {
            return null;
        }
        Object paused = SystemCalls.pause();
        try {
            return JdkHooks.transform(name, bytes, tally);
        } catch (Throwable e) {
            AgentLog.internalError("instrumenting " + name, e);
            return null;
        } finally {
            SystemCalls.resume(paused);
        }
    }
}
