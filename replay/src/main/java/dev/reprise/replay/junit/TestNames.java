package dev.reprise.replay.junit;

import java.nio.file.Path;
import org.junit.jupiter.api.extension.ExtensionContext;

/** How a recorded test and its kept trace are named in folders and messages. */
final class TestNames {
    private TestNames() {}

    /** {@code ShopTest.paysOnce} (a nested class: {@code ShopTest.Paying.once}). */
    static String of(ExtensionContext context) {
        String cls = context.getRequiredTestClass().getName();
        cls = cls.substring(cls.lastIndexOf('.') + 1).replace('$', '.');
        return cls + "." + context.getRequiredTestMethod().getName();
    }

    /** The kept trace's folder: {@link #of}, with a template invocation's number ({@code ShopTest.paysOnce-3}). */
    static String traceFolder(ExtensionContext context) {
        String name = of(context);
        String id = context.getUniqueId();
        String invocation = "[test-template-invocation:#";
        int at = id.lastIndexOf(invocation);
        return at < 0 ? name : name + "-" + id.substring(at + invocation.length(), id.length() - 1);
    }

    /** The Maven command that replays {@code trace}: Failsafe's option for a class named as an integration test. */
    static String mavenCommand(ExtensionContext context, String trace) {
        String cls = context.getRequiredTestClass().getSimpleName();
        boolean it = cls.endsWith("IT") || cls.endsWith("ITCase") || cls.startsWith("IT");
        String test = context.getRequiredTestClass().getName() + "#"
                + context.getRequiredTestMethod().getName();
        String replay = " -D" + RecordedRunsExtension.REPLAY + "=" + trace;
        return it ? "mvn verify -Dit.test=" + test + replay : "mvn test -Dtest=" + test + replay;
    }

    /** {@code trace} relative to the working directory when it is below it. */
    static String shown(Path trace) {
        Path here = Path.of(System.getProperty("user.dir")).toAbsolutePath().normalize();
        return trace.startsWith(here) ? here.relativize(trace).toString() : trace.toString();
    }
}
