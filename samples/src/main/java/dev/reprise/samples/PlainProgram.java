package dev.reprise.samples;

/** A program without Akka: what a user may start under {@code reprise record} by mistake. */
public final class PlainProgram {
    private PlainProgram() {}

    public static void main(String[] args) {
        System.out.println("plain program ran");
    }
}
