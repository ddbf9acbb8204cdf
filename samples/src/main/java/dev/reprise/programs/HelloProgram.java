package dev.reprise.programs;

/** A program without Akka, for {@code reprise record}: prints its arguments and exits with 3. */
public final class HelloProgram {
    private HelloProgram() {}

    public static void main(String[] args) {
        System.out.println("hello " + String.join(" ", args));
        System.exit(3);
    }
}
