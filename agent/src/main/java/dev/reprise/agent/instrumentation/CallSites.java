package dev.reprise.agent.instrumentation;

import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.function.Predicate;

/**
 * {@code System.currentTimeMillis()} and {@code System.nanoTime()} are JIT intrinsics, which an
 * agent cannot hook at their source: in the classes the include and exclude options leave in (by
 * default all but the JDK, Scala, Akka, logging and a few server libraries) their calls and
 * method references go to {@code SystemCallHooks.currentTimeMillis()}/{@code nanoTime()} instead.
 *
 * <p>Nothing is parsed and no code is rewritten: the class file's constant pool is walked, and if
 * it holds a method reference to one of them, a reference to the class {@code SystemCallHooks} is
 * added at the end of the pool and that method reference is pointed at it, so every instruction
 * and method handle that used it calls the hook (same name, same descriptor). Start-up stays
 * cheap with large libraries on the class path. (The scope goes by class names only, never by
 * where a class was loaded from, so that a replay rewrites the same classes as the recording did,
 * from a jar or a folder.)
 */
final class CallSites {
    private static final byte[] SYSTEM = utf8("java/lang/System");
    private static final byte[] HOOKS = utf8("dev/reprise/boot/SystemCallHooks");
    private static final byte[] MILLIS = utf8("currentTimeMillis");
    private static final byte[] NANOS = utf8("nanoTime");
    private static final byte[] LONG_RESULT = utf8("()J");

    private static final int UTF8 = 1;
    private static final int CLASS = 7;
    private static final int METHOD_REF = 10;
    private static final int NAME_AND_TYPE = 12;

    /** Name filter (include and exclude options); binary names. */
    private final Predicate<String> names;

    private final ClassLoader platform = ClassLoader.getPlatformClassLoader();

    CallSites(Predicate<String> names) {
        this.names = names;
    }

    private static byte[] utf8(String s) {
        return s.getBytes(StandardCharsets.US_ASCII);
    }

    /** The class with its clock calls redirected, or null to leave it as it is. */
    byte[] transform(ClassLoader loader, String name, byte[] bytes) {
        if (name == null
                || loader == null
                || loader == platform
                || !mentionsClock(bytes)
                || !names.test(name.replace('/', '.'))) {
            return null;
        }
        return redirect(bytes);
    }

    /**
     * {@code bytes} with their method references to {@code System.currentTimeMillis()J} and
     * {@code nanoTime()J} pointing at {@code SystemCallHooks}, or null if there are none (or the
     * class file is not one this understands: it is then left alone).
     */
    static byte[] redirect(byte[] b) {
        try {
            if (b.length < 10 || u2(b, 0) != 0xCAFE || u2(b, 2) != 0xBABE) {
                return null;
            }
            int count = u2(b, 8);
            int[] offset = new int[count];
            int p = 10;
            for (int i = 1; i < count; i++) {
                offset[i] = p;
                int size = entrySize(b, p);
                if (size < 0) {
                    return null;
                }
                i += takesTwoSlots(b, p) ? 1 : 0;
                p += size;
            }
            int poolEnd = p;
            int newClass = count + 1; // after the UTF-8 entry with its name, at index count
            if (newClass > 0xFFFF) {
                return null;
            }
            int[] redirected = new int[0];
            for (int i = 1; i < count; i++) {
                int at = offset[i];
                if (at == 0 || (b[at] & 0xFF) != METHOD_REF) {
                    continue;
                }
                int owner = offset[u2(b, at + 1)];
                int nameAndType = offset[u2(b, at + 3)];
                if ((b[owner] & 0xFF) != CLASS
                        || (b[nameAndType] & 0xFF) != NAME_AND_TYPE
                        || !isUtf8(b, offset[u2(b, owner + 1)], SYSTEM)) {
                    continue;
                }
                int method = offset[u2(b, nameAndType + 1)];
                int descriptor = offset[u2(b, nameAndType + 3)];
                if ((isUtf8(b, method, MILLIS) || isUtf8(b, method, NANOS)) && isUtf8(b, descriptor, LONG_RESULT)) {
                    redirected = Arrays.copyOf(redirected, redirected.length + 1);
                    redirected[redirected.length - 1] = at;
                }
            }
            if (redirected.length == 0) {
                return null;
            }
            byte[] added = new byte[3 + HOOKS.length + 3];
            added[0] = UTF8;
            added[1] = (byte) (HOOKS.length >> 8);
            added[2] = (byte) HOOKS.length;
            System.arraycopy(HOOKS, 0, added, 3, HOOKS.length);
            int c = 3 + HOOKS.length;
            added[c] = CLASS;
            added[c + 1] = (byte) (count >> 8); // the UTF-8 entry just before
            added[c + 2] = (byte) count;
            byte[] out = new byte[b.length + added.length];
            System.arraycopy(b, 0, out, 0, poolEnd);
            System.arraycopy(added, 0, out, poolEnd, added.length);
            System.arraycopy(b, poolEnd, out, poolEnd + added.length, b.length - poolEnd);
            out[8] = (byte) ((count + 2) >> 8);
            out[9] = (byte) (count + 2);
            for (int at : redirected) {
                out[at + 1] = (byte) (newClass >> 8);
                out[at + 2] = (byte) newClass;
            }
            return out;
        } catch (ArrayIndexOutOfBoundsException e) {
            return null;
        }
    }

    private static boolean isUtf8(byte[] b, int at, byte[] s) {
        return at != 0 && (b[at] & 0xFF) == UTF8 && u2(b, at + 1) == s.length && equal(b, at + 3, s);
    }

    /**
     * Whether the constant pool holds the UTF-8 entry "currentTimeMillis" or "nanoTime": a walk
     * over the pool's entries, comparing lengths first.
     */
    static boolean mentionsClock(byte[] b) {
        try {
            if (b.length < 10 || (b[0] & 0xFF) != 0xCA || (b[1] & 0xFF) != 0xFE) {
                return false;
            }
            int count = u2(b, 8);
            int p = 10;
            for (int i = 1; i < count; i++) {
                if ((b[p] & 0xFF) == UTF8) {
                    int len = u2(b, p + 1);
                    if ((len == MILLIS.length && equal(b, p + 3, MILLIS))
                            || (len == NANOS.length && equal(b, p + 3, NANOS))) {
                        return true;
                    }
                }
                int size = entrySize(b, p);
                if (size < 0) {
                    return false; // a pool this does not understand: left alone
                }
                i += takesTwoSlots(b, p) ? 1 : 0;
                p += size;
            }
            return false;
        } catch (ArrayIndexOutOfBoundsException e) {
            return false;
        }
    }

    /** The size in bytes of the constant-pool entry at {@code p}, or -1 for a tag this does not know. */
    private static int entrySize(byte[] b, int p) {
        return switch (b[p] & 0xFF) {
            case UTF8 -> 3 + u2(b, p + 1);
            case 3, 4, 9, 10, 11, 12, 17, 18 -> 5;
            case 5, 6 -> 9;
            case 7, 8, 16, 19, 20 -> 3;
            case 15 -> 4;
            default -> -1;
        };
    }

    /** Longs and doubles take two pool indexes. */
    private static boolean takesTwoSlots(byte[] b, int p) {
        int tag = b[p] & 0xFF;
        return tag == 5 || tag == 6;
    }

    private static int u2(byte[] b, int p) {
        return ((b[p] & 0xFF) << 8) | (b[p + 1] & 0xFF);
    }

    private static boolean equal(byte[] b, int p, byte[] s) {
        for (int i = 0; i < s.length; i++) {
            if (b[p + i] != s[i]) {
                return false;
            }
        }
        return true;
    }
}
