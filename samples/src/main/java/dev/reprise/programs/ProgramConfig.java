package dev.reprise.programs;

import com.typesafe.config.Config;
import com.typesafe.config.ConfigFactory;

/** Akka settings shared by the test programs: quiet logging, one dispatcher thread on request. */
final class ProgramConfig {
    private ProgramConfig() {}

    static Config config(boolean singleThread) {
        String dispatcher = singleThread
                ? "akka.actor.default-dispatcher.fork-join-executor { parallelism-min = 1, parallelism-max = 1 }\n"
                : "";
        return ConfigFactory.parseString("akka.loglevel = WARNING\nakka.log-dead-letters = off\n"
                        + "akka.coordinated-shutdown.run-by-jvm-shutdown-hook = off\n" + dispatcher)
                .withFallback(ConfigFactory.load());
    }
}
