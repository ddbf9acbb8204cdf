package dev.reprise.agent.io;

import java.io.IOException;

/** A network call that answers yes or no (a connect, its finish), made live. */
@FunctionalInterface
interface FlagCall {
    boolean call() throws IOException;
}
