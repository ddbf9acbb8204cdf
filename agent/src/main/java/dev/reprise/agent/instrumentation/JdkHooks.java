package dev.reprise.agent.instrumentation;

import dev.reprise.boot.SourceHooks;
import java.util.List;
import net.bytebuddy.jar.asm.ClassReader;
import net.bytebuddy.jar.asm.ClassVisitor;
import net.bytebuddy.jar.asm.ClassWriter;
import net.bytebuddy.jar.asm.MethodVisitor;
import net.bytebuddy.jar.asm.Opcodes;

/**
 * The clock and random generators at their source, inside the JDK, so that every caller is
 * covered: the application, its libraries and the JDK itself ({@code Collections.shuffle},
 * {@code UUID.randomUUID}, {@code LocalDateTime.now}...). These are bootstrap classes, most of
 * them loaded before the agent starts: they are retransformed without changing their shape. Each
 * hooked method calls {@code SourceHooks.enter()} first and passes what it returns through a
 * {@code SourceHooks.exit*} call; no branch, local variable or frame is added (plain ASM, so this
 * needs none of ByteBuddy and is ready early).
 */
final class JdkHooks {
    private JdkHooks() {}

    private static final String HOOKS = "dev/reprise/boot/SourceHooks";

    /** What is done with a hooked method's result. */
    private enum Kind { INT, LONG, BYTES_ARGUMENT, BYTES_RESULT, INSTANT, DATE, CALENDAR, CALENDAR_RESULT }

    private record Hook(String type, String method, String descriptor, Kind kind, int call) {}

    private static final List<Hook> HOOKS_LIST = List.of(
            new Hook("java/util/Random", "next", "(I)I", Kind.INT, SourceHooks.RANDOM_NEXT),
            new Hook("java/util/concurrent/ThreadLocalRandom", "nextSeed", "()J", Kind.LONG, SourceHooks.THREAD_LOCAL_RANDOM_SEED),
            new Hook("java/util/SplittableRandom", "nextSeed", "()J", Kind.LONG, SourceHooks.SPLITTABLE_RANDOM_SEED),
            new Hook("java/security/SecureRandom", "nextBytes", "([B)V", Kind.BYTES_ARGUMENT, SourceHooks.SECURE_RANDOM_BYTES),
            new Hook("java/security/SecureRandom", "nextBytes", "([BLjava/security/SecureRandomParameters;)V",
                    Kind.BYTES_ARGUMENT, SourceHooks.SECURE_RANDOM_BYTES),
            new Hook("java/security/SecureRandom", "generateSeed", "(I)[B", Kind.BYTES_RESULT, SourceHooks.SECURE_RANDOM_SEED),
            new Hook("java/time/Clock", "currentInstant", "()Ljava/time/Instant;", Kind.INSTANT, SourceHooks.CLOCK_INSTANT),
            new Hook("java/time/Clock$SystemClock", "instant", "()Ljava/time/Instant;", Kind.INSTANT, SourceHooks.CLOCK_INSTANT),
            new Hook("java/time/Clock$SystemClock", "millis", "()J", Kind.LONG, SourceHooks.CLOCK_MILLIS),
            new Hook("java/time/Clock$SystemInstantSource", "instant", "()Ljava/time/Instant;", Kind.INSTANT, SourceHooks.CLOCK_INSTANT),
            new Hook("java/time/Clock$SystemInstantSource", "millis", "()J", Kind.LONG, SourceHooks.CLOCK_MILLIS),
            new Hook("java/util/Date", "<init>", "()V", Kind.DATE, SourceHooks.DATE_NOW),
            new Hook("java/util/GregorianCalendar", "<init>", "(Ljava/util/TimeZone;Ljava/util/Locale;)V", Kind.CALENDAR,
                    SourceHooks.CALENDAR_NOW),
            // Calendar.getInstance: by a provider (Calendar.Builder.setInstant(System.currentTimeMillis())) or not.
            new Hook("java/util/Calendar", "createCalendar", "(Ljava/util/TimeZone;Ljava/util/Locale;)Ljava/util/Calendar;",
                    Kind.CALENDAR_RESULT, SourceHooks.CALENDAR_NOW),
            // The RandomGenerator algorithms (RandomGenerator.of, getDefault): JDK 22 and later, and before.
            new Hook("jdk/internal/random/*", "nextLong", "()J", Kind.LONG, SourceHooks.GENERATOR_LONG),
            new Hook("jdk/internal/random/*", "nextInt", "()I", Kind.INT, SourceHooks.GENERATOR_INT),
            new Hook("jdk/random/*", "nextLong", "()J", Kind.LONG, SourceHooks.GENERATOR_LONG),
            new Hook("jdk/random/*", "nextInt", "()I", Kind.INT, SourceHooks.GENERATOR_INT));

    /** The hooked types named one by one (internal names). */
    static final List<String> NAMED_TYPES = HOOKS_LIST.stream().map(Hook::type).filter(t -> !t.endsWith("/*")).distinct().toList();

    /** Whether the class with this internal name has hooked methods. */
    static boolean hooks(String internalName) {
        if (internalName == null || !(internalName.startsWith("java/") || internalName.startsWith("jdk/"))) {
            return false;
        }
        for (Hook h : HOOKS_LIST) {
            if (matches(h, internalName)) {
                return true;
            }
        }
        return false;
    }

    private static boolean matches(Hook h, String internalName) {
        if (h.type.endsWith("/*")) {
            String p = h.type.substring(0, h.type.length() - 1);
            return internalName.startsWith(p) && internalName.indexOf('/', p.length()) < 0;
        }
        return h.type.equals(internalName);
    }

    private static Hook hookOf(String type, String method, String descriptor, int access) {
        if ((access & (Opcodes.ACC_ABSTRACT | Opcodes.ACC_NATIVE)) != 0) {
            return null;
        }
        for (Hook h : HOOKS_LIST) {
            if (h.method.equals(method) && h.descriptor.equals(descriptor) && matches(h, type)) {
                return h;
            }
        }
        return null;
    }

    /** The class with its hooks, or null if it has none. */
    static byte[] transform(String internalName, byte[] bytes) {
        if (!hooks(internalName)) {
            return null;
        }
        ClassReader reader = new ClassReader(bytes);
        ClassWriter writer = new ClassWriter(reader, ClassWriter.COMPUTE_MAXS);
        boolean[] changed = new boolean[1];
        reader.accept(new ClassVisitor(Opcodes.ASM9, writer) {
            @Override
            public MethodVisitor visitMethod(int access, String name, String descriptor, String signature, String[] exceptions) {
                MethodVisitor mv = super.visitMethod(access, name, descriptor, signature, exceptions);
                Hook hook = hookOf(internalName, name, descriptor, access);
                if (hook == null) {
                    return mv;
                }
                changed[0] = true;
                return new HookedMethod(mv, hook);
            }
        }, 0);
        return changed[0] ? writer.toByteArray() : null;
    }

    private static final class HookedMethod extends MethodVisitor {
        private final Hook hook;

        HookedMethod(MethodVisitor mv, Hook hook) {
            super(Opcodes.ASM9, mv);
            this.hook = hook;
        }

        @Override
        public void visitCode() {
            super.visitCode();
            if (hook.kind != Kind.DATE && hook.kind != Kind.CALENDAR) {
                super.visitMethodInsn(Opcodes.INVOKESTATIC, HOOKS, "enter", "()V", false);
            }
        }

        @Override
        public void visitInsn(int opcode) {
            switch (opcode) {
                case Opcodes.IRETURN -> {
                    pushCall();
                    super.visitMethodInsn(Opcodes.INVOKESTATIC, HOOKS, "exitInt", "(II)I", false);
                }
                case Opcodes.LRETURN -> {
                    pushCall();
                    super.visitMethodInsn(Opcodes.INVOKESTATIC, HOOKS, "exitLong", "(JI)J", false);
                }
                case Opcodes.ARETURN -> {
                    if (hook.kind == Kind.CALENDAR_RESULT) {
                        super.visitInsn(Opcodes.DUP);
                        pushCall();
                        super.visitMethodInsn(Opcodes.INVOKESTATIC, HOOKS, "exitCalendar", "(Ljava/util/Calendar;I)V", false);
                    } else if (hook.kind == Kind.INSTANT) {
                        pushCall();
                        super.visitMethodInsn(Opcodes.INVOKESTATIC, HOOKS, "exitInstant",
                                "(Ljava/time/Instant;I)Ljava/time/Instant;", false);
                    } else { // BYTES_RESULT
                        super.visitInsn(Opcodes.DUP);
                        pushCall();
                        super.visitMethodInsn(Opcodes.INVOKESTATIC, HOOKS, "exitBytes", "([BI)V", false);
                    }
                }
                case Opcodes.RETURN -> {
                    switch (hook.kind) {
                        case BYTES_ARGUMENT -> {
                            super.visitVarInsn(Opcodes.ALOAD, 1);
                            pushCall();
                            super.visitMethodInsn(Opcodes.INVOKESTATIC, HOOKS, "exitBytes", "([BI)V", false);
                        }
                        case DATE -> { // this.fastTime = SourceHooks.value(DATE_NOW, this.fastTime)
                            super.visitVarInsn(Opcodes.ALOAD, 0);
                            pushCall();
                            super.visitVarInsn(Opcodes.ALOAD, 0);
                            super.visitFieldInsn(Opcodes.GETFIELD, "java/util/Date", "fastTime", "J");
                            super.visitMethodInsn(Opcodes.INVOKESTATIC, HOOKS, "value", "(IJ)J", false);
                            super.visitFieldInsn(Opcodes.PUTFIELD, "java/util/Date", "fastTime", "J");
                        }
                        case CALENDAR -> {
                            super.visitVarInsn(Opcodes.ALOAD, 0);
                            super.visitMethodInsn(Opcodes.INVOKESTATIC, HOOKS, "calendarNow", "(Ljava/util/Calendar;)V", false);
                        }
                        default -> { }
                    }
                }
                default -> { }
            }
            super.visitInsn(opcode);
        }

        private void pushCall() {
            super.visitIntInsn(Opcodes.BIPUSH, hook.call);
        }
    }
}
