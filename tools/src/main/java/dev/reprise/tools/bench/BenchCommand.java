package dev.reprise.tools.bench;

import picocli.CommandLine;
import picocli.CommandLine.Command;

/** {@code reprise bench ...}: benchmarks that run whole programs in separate JVMs. */
@Command(
        name = "bench",
        mixinStandardHelpOptions = true,
        description =
                "Benchmarks that run programs in separate JVMs (JMH microbenchmarks: ./reprise bench trace|recorder).",
        subcommands = {
            AgentBenchCommand.class,
            SavinaBenchCommand.class,
            FingerprintBenchCommand.class,
            SyncBenchCommand.class,
            AcmeAirBenchCommand.class,
            TruffleBenchCommand.class
        })
public final class BenchCommand implements Runnable {
    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    @Override
    public void run() {
        throw new CommandLine.ParameterException(
                spec.commandLine(), "name a benchmark: agent, savina, fingerprints, sync, acmeair, truffle");
    }
}
