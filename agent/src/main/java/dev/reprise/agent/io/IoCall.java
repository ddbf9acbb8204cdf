package dev.reprise.agent.io;

import java.io.IOException;

/** A network call, made live: recording makes it, and replay past the end of its trace. */
@FunctionalInterface
interface IoCall<T> {
    T call() throws IOException;
}
