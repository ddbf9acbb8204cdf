package dev.reprise.tools;

import java.nio.file.Path;
import picocli.CommandLine.Parameters;

/** The trace directory argument that every trace tool takes. */
final class TraceDirectory {
    @Parameters(index = "0", paramLabel = "DIR", description = "The trace directory (as given to trace=DIR when recording).")
    Path path;
}
