package dev.reprise.libs;

import java.util.Random;

/** Stands for a library: outside the recording's include scope, it draws a random number its own way. */
public final class LibraryLike {
    private LibraryLike() {}

    public static int roll() {
        return new Random().nextInt(1000);
    }
}
