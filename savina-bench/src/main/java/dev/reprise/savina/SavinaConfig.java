package dev.reprise.savina;

import com.typesafe.config.Config;
import com.typesafe.config.ConfigFactory;
import java.util.Locale;

/** Akka configuration for the benchmark runs. */
public final class SavinaConfig {
    private SavinaConfig() {}

    /** Which executor backs Akka's default dispatcher. */
    public enum Dispatcher {
        /** A fork-join executor with exactly one thread (parallelism min = max = 1). */
        SINGLE,
        /** Akka's default dispatcher configuration. */
        DEFAULT;

        /** Parses {@code single} or {@code default}, ignoring case. */
        public static Dispatcher parse(String s) {
            return switch (s.toLowerCase(Locale.ROOT)) {
                case "single" -> SINGLE;
                case "default" -> DEFAULT;
                default -> throw new IllegalArgumentException("unknown dispatcher '" + s + "'; valid: single, default");
            };
        }

        /** The command-line spelling. */
        public String cliName() {
            return name().toLowerCase(Locale.ROOT);
        }
    }

    private static final String COMMON = """
      akka.loglevel = WARNING
      akka.stdout-loglevel = WARNING
      akka.log-dead-letters = off
      akka.log-dead-letters-during-shutdown = off
      """;

    private static final String SINGLE_THREAD = """
      akka.actor.default-dispatcher {
        executor = "fork-join-executor"
        fork-join-executor {
          parallelism-min = 1
          parallelism-factor = 1.0
          parallelism-max = 1
        }
      }
      """;

    /** The configuration for the given dispatcher choice, over Akka's defaults. */
    public static Config forDispatcher(Dispatcher dispatcher) {
        String text = dispatcher == Dispatcher.SINGLE ? COMMON + SINGLE_THREAD : COMMON;
        return ConfigFactory.parseString(text).withFallback(ConfigFactory.load());
    }
}
