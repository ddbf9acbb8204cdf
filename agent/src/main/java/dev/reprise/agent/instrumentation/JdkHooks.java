package dev.reprise.agent.instrumentation;

import dev.reprise.boot.SystemCallHooks;
import java.util.List;
import net.bytebuddy.jar.asm.ClassReader;
import net.bytebuddy.jar.asm.ClassVisitor;
import net.bytebuddy.jar.asm.ClassWriter;
import net.bytebuddy.jar.asm.MethodVisitor;
import net.bytebuddy.jar.asm.Opcodes;
import net.bytebuddy.jar.asm.Type;

/**
 * The clock and random generators at their source, inside the JDK, so that every caller is
 * covered: the application, its libraries and the JDK itself ({@code Collections.shuffle},
 * {@code UUID.randomUUID}, {@code LocalDateTime.now}...). These are bootstrap classes, most of
 * them loaded before the agent starts: they are retransformed without changing their shape. Each
 * hooked method calls {@code SystemCallHooks.enter()} first and passes what it returns through a
 * {@code SystemCallHooks.exit*} call; no branch, local variable or frame is added (plain ASM, so this
 * needs none of ByteBuddy and is ready early). The JDK's thread pools are hooked the same way:
 * the task a submit method is given passes through {@code TaskHooks} first.
 */
final class JdkHooks {
    private JdkHooks() {}

    private static final String HOOKS = "dev/reprise/boot/SystemCallHooks";
    private static final String TASKS = "dev/reprise/boot/TaskHooks";
    private static final String ENDS = "dev/reprise/boot/EndHooks";

    /**
     * What is done with a hooked method's result; for a pool's submit methods (TASK_*), with the
     * task it is given (its first argument, passed through {@code TaskHooks} before anything else).
     */
    private enum Kind {
        INT,
        LONG,
        BYTES_ARGUMENT,
        BYTES_RESULT,
        INSTANT,
        DATE,
        CALENDAR,
        CALENDAR_RESULT,
        TASK_RUNNABLE,
        TASK_CALLABLE,
        STAGE_CALLBACK,
        /** {@code Runtime.exit(status)}: the status, at entry. */
        EXIT,
        /** {@code Thread.dispatchUncaughtException(e)}: the thread and the exception, at entry. */
        UNCAUGHT
    }

    private static final String POOL = "java/util/concurrent/ThreadPoolExecutor";
    private static final String SCHEDULED_POOL = "java/util/concurrent/ScheduledThreadPoolExecutor";
    private static final String FORK_JOIN_POOL = "java/util/concurrent/ForkJoinPool";
    private static final String THREAD_PER_TASK = "java/util/concurrent/ThreadPerTaskExecutor";
    private static final String FUTURE = "java/util/concurrent/CompletableFuture";

    record Hook(String type, String method, String descriptor, Kind kind, int call) {}

    private static final List<Hook> HOOKS_LIST = List.of(
            new Hook("java/util/Random", "next", "(I)I", Kind.INT, SystemCallHooks.RANDOM_NEXT),
            new Hook(
                    "java/util/concurrent/ThreadLocalRandom",
                    "nextSeed",
                    "()J",
                    Kind.LONG,
                    SystemCallHooks.THREAD_LOCAL_RANDOM_SEED),
            new Hook(
                    "java/util/SplittableRandom", "nextSeed", "()J", Kind.LONG, SystemCallHooks.SPLITTABLE_RANDOM_SEED),
            new Hook(
                    "java/security/SecureRandom",
                    "nextBytes",
                    "([B)V",
                    Kind.BYTES_ARGUMENT,
                    SystemCallHooks.SECURE_RANDOM_BYTES),
            new Hook(
                    "java/security/SecureRandom",
                    "nextBytes",
                    "([BLjava/security/SecureRandomParameters;)V",
                    Kind.BYTES_ARGUMENT,
                    SystemCallHooks.SECURE_RANDOM_BYTES),
            new Hook(
                    "java/security/SecureRandom",
                    "generateSeed",
                    "(I)[B",
                    Kind.BYTES_RESULT,
                    SystemCallHooks.SECURE_RANDOM_SEED),
            new Hook(
                    "java/time/Clock",
                    "currentInstant",
                    "()Ljava/time/Instant;",
                    Kind.INSTANT,
                    SystemCallHooks.CLOCK_INSTANT),
            new Hook(
                    "java/time/Clock$SystemClock",
                    "instant",
                    "()Ljava/time/Instant;",
                    Kind.INSTANT,
                    SystemCallHooks.CLOCK_INSTANT),
            new Hook("java/time/Clock$SystemClock", "millis", "()J", Kind.LONG, SystemCallHooks.CLOCK_MILLIS),
            new Hook(
                    "java/time/Clock$SystemInstantSource",
                    "instant",
                    "()Ljava/time/Instant;",
                    Kind.INSTANT,
                    SystemCallHooks.CLOCK_INSTANT),
            new Hook("java/time/Clock$SystemInstantSource", "millis", "()J", Kind.LONG, SystemCallHooks.CLOCK_MILLIS),
            new Hook("java/util/Date", "<init>", "()V", Kind.DATE, SystemCallHooks.DATE_NOW),
            new Hook(
                    "java/util/GregorianCalendar",
                    "<init>",
                    "(Ljava/util/TimeZone;Ljava/util/Locale;)V",
                    Kind.CALENDAR,
                    SystemCallHooks.CALENDAR_NOW),
            // Calendar.getInstance: by a provider (Calendar.Builder.setInstant(System.currentTimeMillis())) or not.
            new Hook(
                    "java/util/Calendar",
                    "createCalendar",
                    "(Ljava/util/TimeZone;Ljava/util/Locale;)Ljava/util/Calendar;",
                    Kind.CALENDAR_RESULT,
                    SystemCallHooks.CALENDAR_NOW),
            // The RandomGenerator algorithms (RandomGenerator.of, getDefault): JDK 22 and later, and before.
            new Hook("jdk/internal/random/*", "nextLong", "()J", Kind.LONG, SystemCallHooks.GENERATOR_LONG),
            new Hook("jdk/internal/random/*", "nextInt", "()I", Kind.INT, SystemCallHooks.GENERATOR_INT),
            new Hook("jdk/random/*", "nextLong", "()J", Kind.LONG, SystemCallHooks.GENERATOR_LONG),
            new Hook("jdk/random/*", "nextInt", "()I", Kind.INT, SystemCallHooks.GENERATOR_INT),
            // Tasks given to the JDK's pools run in the context of whoever submitted them (ContextTasks).
            new Hook(POOL, "execute", "(Ljava/lang/Runnable;)V", Kind.TASK_RUNNABLE, 0),
            new Hook(
                    SCHEDULED_POOL,
                    "schedule",
                    "(Ljava/lang/Runnable;JLjava/util/concurrent/TimeUnit;)" + "Ljava/util/concurrent/ScheduledFuture;",
                    Kind.TASK_RUNNABLE,
                    0),
            new Hook(
                    SCHEDULED_POOL,
                    "schedule",
                    "(Ljava/util/concurrent/Callable;JLjava/util/concurrent/TimeUnit;)"
                            + "Ljava/util/concurrent/ScheduledFuture;",
                    Kind.TASK_CALLABLE,
                    0),
            new Hook(
                    SCHEDULED_POOL,
                    "scheduleAtFixedRate",
                    "(Ljava/lang/Runnable;JJLjava/util/concurrent/TimeUnit;)"
                            + "Ljava/util/concurrent/ScheduledFuture;",
                    Kind.TASK_RUNNABLE,
                    0),
            new Hook(
                    SCHEDULED_POOL,
                    "scheduleWithFixedDelay",
                    "(Ljava/lang/Runnable;JJLjava/util/concurrent/TimeUnit;)"
                            + "Ljava/util/concurrent/ScheduledFuture;",
                    Kind.TASK_RUNNABLE,
                    0),
            new Hook(FORK_JOIN_POOL, "execute", "(Ljava/lang/Runnable;)V", Kind.TASK_RUNNABLE, 0),
            new Hook(
                    FORK_JOIN_POOL,
                    "submit",
                    "(Ljava/lang/Runnable;)Ljava/util/concurrent/ForkJoinTask;",
                    Kind.TASK_RUNNABLE,
                    0),
            new Hook(
                    FORK_JOIN_POOL,
                    "submit",
                    "(Ljava/lang/Runnable;Ljava/lang/Object;)Ljava/util/concurrent/ForkJoinTask;",
                    Kind.TASK_RUNNABLE,
                    0),
            new Hook(
                    FORK_JOIN_POOL,
                    "submit",
                    "(Ljava/util/concurrent/Callable;)Ljava/util/concurrent/ForkJoinTask;",
                    Kind.TASK_CALLABLE,
                    0),
            new Hook(THREAD_PER_TASK, "execute", "(Ljava/lang/Runnable;)V", Kind.TASK_RUNNABLE, 0),
            new Hook(
                    THREAD_PER_TASK,
                    "submit",
                    "(Ljava/lang/Runnable;)Ljava/util/concurrent/Future;",
                    Kind.TASK_RUNNABLE,
                    0),
            new Hook(
                    THREAD_PER_TASK,
                    "submit",
                    "(Ljava/lang/Runnable;Ljava/lang/Object;)Ljava/util/concurrent/Future;",
                    Kind.TASK_RUNNABLE,
                    0),
            new Hook(
                    THREAD_PER_TASK,
                    "submit",
                    "(Ljava/util/concurrent/Callable;)Ljava/util/concurrent/Future;",
                    Kind.TASK_CALLABLE,
                    0),
            // A CompletableFuture's callbacks run in the context of whoever registered them: every stage
            // method (then*, handle, whenComplete, exceptionally*, *Async, supplyAsync, runAsync) ends in one of these.
            stage("uniApplyStage", "Ljava/util/function/Function;"),
            stage("uniAcceptStage", "Ljava/util/function/Consumer;"),
            stage("uniRunStage", "Ljava/lang/Runnable;"),
            stage("uniWhenCompleteStage", "Ljava/util/function/BiConsumer;"),
            stage("uniHandleStage", "Ljava/util/function/BiFunction;"),
            stage("uniExceptionallyStage", "Ljava/util/function/Function;"),
            stage("uniComposeExceptionallyStage", "Ljava/util/function/Function;"),
            stage("uniComposeStage", "Ljava/util/function/Function;"),
            stage("biApplyStage", "Ljava/util/concurrent/CompletionStage;Ljava/util/function/BiFunction;"),
            stage("biAcceptStage", "Ljava/util/concurrent/CompletionStage;Ljava/util/function/BiConsumer;"),
            stage("biRunStage", "Ljava/util/concurrent/CompletionStage;Ljava/lang/Runnable;"),
            stage("orApplyStage", "Ljava/util/concurrent/CompletionStage;Ljava/util/function/Function;"),
            stage("orAcceptStage", "Ljava/util/concurrent/CompletionStage;Ljava/util/function/Consumer;"),
            stage("orRunStage", "Ljava/util/concurrent/CompletionStage;Ljava/lang/Runnable;"),
            stage("asyncSupplyStage", "Ljava/util/function/Supplier;"),
            stage("asyncRunStage", "Ljava/lang/Runnable;"),
            // How the run ends: its exit status, and an exception that ends a thread (main's sets the status).
            new Hook("java/lang/Runtime", "exit", "(I)V", Kind.EXIT, 0),
            new Hook("java/lang/Thread", "dispatchUncaughtException", "(Ljava/lang/Throwable;)V", Kind.UNCAUGHT, 0));

    /** A CompletableFuture stage method taking an executor, {@code arguments} and returning the new stage. */
    private static Hook stage(String method, String arguments) {
        return new Hook(
                FUTURE,
                method,
                "(Ljava/util/concurrent/Executor;" + arguments + ")Ljava/util/concurrent/CompletableFuture;",
                Kind.STAGE_CALLBACK,
                0);
    }

    /**
     * The hooks of the types {@code tally} read that matched no method when they were
     * transformed: that part of the JDK is not followed ("type.method").
     */
    static List<String> unmatched(JdkHookTally tally) {
        return tally.unmatched(HOOKS_LIST);
    }

    /** The hooked types named one by one (internal names). */
    static final List<String> NAMED_TYPES = HOOKS_LIST.stream()
            .map(Hook::type)
            .filter(t -> !t.endsWith("/*"))
            .distinct()
            .toList();

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

    /** The class with its hooks, or null if it has none; what was read and applied goes to {@code tally}. */
    static byte[] transform(String internalName, byte[] bytes, JdkHookTally tally) {
        if (!hooks(internalName)) {
            return null;
        }
        tally.read(internalName);
        ClassReader reader = new ClassReader(bytes);
        ClassWriter writer = new ClassWriter(reader, ClassWriter.COMPUTE_MAXS);
        boolean[] changed = new boolean[1];
        reader.accept(
                new ClassVisitor(Opcodes.ASM9, writer) {
                    @Override
                    public MethodVisitor visitMethod(
                            int access, String name, String descriptor, String signature, String[] exceptions) {
                        MethodVisitor mv = super.visitMethod(access, name, descriptor, signature, exceptions);
                        Hook hook = hookOf(internalName, name, descriptor, access);
                        if (hook == null) {
                            return mv;
                        }
                        changed[0] = true;
                        tally.applied(internalName, name, descriptor);
                        return new HookedMethod(mv, hook, (access & Opcodes.ACC_STATIC) != 0, descriptor);
                    }
                },
                0);
        return changed[0] ? writer.toByteArray() : null;
    }

    private static final class HookedMethod extends MethodVisitor {
        private final Hook hook;
        private final boolean isStatic;
        private final String descriptor;

        HookedMethod(MethodVisitor mv, Hook hook, boolean isStatic, String descriptor) {
            super(Opcodes.ASM9, mv);
            this.hook = hook;
            this.isStatic = isStatic;
            this.descriptor = descriptor;
        }

        @Override
        public void visitCode() {
            super.visitCode();
            switch (hook.kind) {
                case DATE, CALENDAR -> {}
                case TASK_RUNNABLE -> task("runnable", "Ljava/lang/Runnable;");
                case TASK_CALLABLE -> task("callable", "Ljava/util/concurrent/Callable;");
                case STAGE_CALLBACK -> callback();
                case EXIT -> {
                    super.visitVarInsn(Opcodes.ILOAD, 1);
                    super.visitMethodInsn(Opcodes.INVOKESTATIC, ENDS, "exiting", "(I)V", false);
                }
                case UNCAUGHT -> {
                    super.visitVarInsn(Opcodes.ALOAD, 0);
                    super.visitVarInsn(Opcodes.ALOAD, 1);
                    super.visitMethodInsn(
                            Opcodes.INVOKESTATIC,
                            ENDS,
                            "uncaught",
                            "(Ljava/lang/Thread;Ljava/lang/Throwable;)V",
                            false);
                }
                default -> super.visitMethodInsn(Opcodes.INVOKESTATIC, HOOKS, "enter", "()V", false);
            }
        }

        /** task = TaskHooks.method(task, this): the argument's slot keeps its type, so no frame changes. */
        private void task(String method, String taskDescriptor) {
            super.visitVarInsn(Opcodes.ALOAD, 1);
            super.visitVarInsn(Opcodes.ALOAD, 0);
            super.visitMethodInsn(
                    Opcodes.INVOKESTATIC,
                    TASKS,
                    method,
                    "(" + taskDescriptor + "Ljava/lang/Object;)" + taskDescriptor,
                    false);
            super.visitVarInsn(Opcodes.ASTORE, 1);
        }

        /**
         * callback = (Type) TaskHooks.callback(callback, this or null): the callback is the last
         * argument (every argument is a reference: one slot each); its slot keeps its type. Then
         * the executor (the first argument, null for a stage that is not asynchronous) is passed
         * through {@code TaskHooks.stageExecutor}.
         */
        private void callback() {
            Type[] arguments = Type.getArgumentTypes(descriptor);
            int slot = (isStatic ? 0 : 1) + arguments.length - 1;
            super.visitVarInsn(Opcodes.ALOAD, slot);
            if (isStatic) {
                super.visitInsn(Opcodes.ACONST_NULL);
            } else {
                super.visitVarInsn(Opcodes.ALOAD, 0);
            }
            super.visitMethodInsn(
                    Opcodes.INVOKESTATIC,
                    TASKS,
                    "callback",
                    "(Ljava/lang/Object;Ljava/lang/Object;)Ljava/lang/Object;",
                    false);
            super.visitTypeInsn(Opcodes.CHECKCAST, arguments[arguments.length - 1].getInternalName());
            super.visitVarInsn(Opcodes.ASTORE, slot);
            // executor = TaskHooks.stageExecutor(executor, callback): the executor is the first argument.
            int executor = isStatic ? 0 : 1;
            super.visitVarInsn(Opcodes.ALOAD, executor);
            super.visitVarInsn(Opcodes.ALOAD, slot);
            super.visitMethodInsn(
                    Opcodes.INVOKESTATIC,
                    TASKS,
                    "stageExecutor",
                    "(Ljava/util/concurrent/Executor;Ljava/lang/Object;)Ljava/util/concurrent/Executor;",
                    false);
            super.visitVarInsn(Opcodes.ASTORE, executor);
        }

        @Override
        public void visitInsn(int opcode) {
            if (hook.kind.compareTo(Kind.TASK_RUNNABLE) >= 0) { // tasks and callbacks: only their argument is hooked
                super.visitInsn(opcode);
                return;
            }
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
                        super.visitMethodInsn(
                                Opcodes.INVOKESTATIC, HOOKS, "exitCalendar", "(Ljava/util/Calendar;I)V", false);
                    } else if (hook.kind == Kind.INSTANT) {
                        pushCall();
                        super.visitMethodInsn(
                                Opcodes.INVOKESTATIC,
                                HOOKS,
                                "exitInstant",
                                "(Ljava/time/Instant;I)Ljava/time/Instant;",
                                false);
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
                        case DATE -> { // this.fastTime = SystemCallHooks.value(DATE_NOW, this.fastTime)
                            super.visitVarInsn(Opcodes.ALOAD, 0);
                            pushCall();
                            super.visitVarInsn(Opcodes.ALOAD, 0);
                            super.visitFieldInsn(Opcodes.GETFIELD, "java/util/Date", "fastTime", "J");
                            super.visitMethodInsn(Opcodes.INVOKESTATIC, HOOKS, "value", "(IJ)J", false);
                            super.visitFieldInsn(Opcodes.PUTFIELD, "java/util/Date", "fastTime", "J");
                        }
                        case CALENDAR -> {
                            super.visitVarInsn(Opcodes.ALOAD, 0);
                            super.visitMethodInsn(
                                    Opcodes.INVOKESTATIC, HOOKS, "calendarNow", "(Ljava/util/Calendar;)V", false);
                        }
                        default -> {}
                    }
                }
                default -> {}
            }
            super.visitInsn(opcode);
        }

        private void pushCall() {
            super.visitIntInsn(Opcodes.BIPUSH, hook.call);
        }
    }
}
