package dev.reprise.testsupport;

import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;

/** The child JVM of {@link ChildProcessTest}: does what its first argument says. */
public final class Child {
    private Child() {}

    public static void main(String[] args) throws Exception {
        switch (args[0]) {
            case "print" -> {
                System.out.println("out " + System.getProperty("child.word") + " " + args[1]);
                System.err.println("err line");
                System.exit(Integer.parseInt(args[2]));
            }
            case "echo" -> {
                BufferedReader in = new BufferedReader(new InputStreamReader(System.in, StandardCharsets.UTF_8));
                for (String line; (line = in.readLine()) != null; ) {
                    System.out.println("read " + line);
                }
            }
            case "forever" -> {
                for (int i = 0; ; i++) {
                    System.out.println("tick " + i);
                    Thread.sleep(20);
                }
            }
            default -> throw new IllegalArgumentException(args[0]);
        }
    }
}
