package dev.reprise.boot;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.concurrent.Executor;
import org.junit.jupiter.api.Test;

/**
 * The agent's copies in several class loaders each add their handler to the JDK's hooks: each
 * sees what the one before returned, and adding one again changes nothing.
 */
class HandlersTogetherTest {
    @Test
    void systemCallsPassThroughEveryHandlerInTurn() {
        SystemCallHooks.Handler before = SystemCallHooks.handler;
        try {
            SystemCallHooks.handler = null;
            CallHandler plusOne = new CallHandler(1);
            CallHandler plusTen = new CallHandler(10);
            SystemCallHooks.add(plusOne);
            SystemCallHooks.add(plusTen);
            SystemCallHooks.add(plusOne);
            assertEquals(111, SystemCallHooks.value(SystemCallHooks.NANO_TIME, 100));
            assertEquals(List.of("enter", "exit 100"), plusOne.seen);
            assertEquals(List.of("enter", "exit 101"), plusTen.seen);
        } finally {
            SystemCallHooks.handler = before;
        }
    }

    @Test
    void tasksAreWrappedByEveryHandlerInTurn() throws Exception {
        TaskHooks.Handler before = TaskHooks.handler;
        try {
            TaskHooks.handler = null;
            List<String> ran = new ArrayList<>();
            TaskHandler a = new TaskHandler("a", ran);
            TaskHooks.add(a);
            TaskHooks.add(new TaskHandler("b", ran));
            TaskHooks.add(a);
            TaskHooks.runnable(() -> ran.add("task"), null).run();
            assertEquals(List.of("b", "a", "task"), ran);
            assertEquals("task a b", TaskHooks.callable(() -> "task", null).call());
        } finally {
            TaskHooks.handler = before;
        }
    }

    @Test
    void everyHandlerHearsOfTheEnd() {
        EndHooks.Handler before = EndHooks.handler;
        try {
            EndHooks.handler = null;
            List<String> heard = new ArrayList<>();
            EndHooks.Handler first = new EndHandler("first", heard);
            EndHooks.add(first);
            EndHooks.add(new EndHandler("second", heard));
            EndHooks.add(first);
            EndHooks.exiting(3);
            assertEquals(List.of("first 3", "second 3"), heard);
        } finally {
            EndHooks.handler = before;
        }
    }

    private static final class CallHandler extends SystemCallHooks.Handler {
        final long add;
        final List<String> seen = new ArrayList<>();

        CallHandler(long add) {
            this.add = add;
        }

        @Override
        public void enter() {
            seen.add("enter");
        }

        @Override
        public long exitLong(int call, long value) {
            seen.add("exit " + value);
            return value + add;
        }

        @Override
        public void exitBytes(int call, byte[] bytes) {}

        @Override
        public Instant exitInstant(int call, Instant instant) {
            return instant;
        }
    }

    private static final class TaskHandler extends TaskHooks.Handler {
        final String name;
        final List<String> ran;

        TaskHandler(String name, List<String> ran) {
            this.name = name;
            this.ran = ran;
        }

        @Override
        public Runnable runnable(Runnable task, Object executor) {
            return () -> {
                ran.add(name);
                task.run();
            };
        }

        @Override
        public <V> Callable<V> callable(Callable<V> task, Object executor) {
            @SuppressWarnings("unchecked")
            Callable<V> wrapped = () -> (V) (task.call() + " " + name);
            return wrapped;
        }

        @Override
        public Object callback(Object callback, Object stage) {
            return callback;
        }

        @Override
        public Executor stageExecutor(Executor executor, Object callback) {
            return executor;
        }
    }

    private static final class EndHandler extends EndHooks.Handler {
        final String name;
        final List<String> heard;

        EndHandler(String name, List<String> heard) {
            this.name = name;
            this.heard = heard;
        }

        @Override
        public void exiting(int status) {
            heard.add(name + " " + status);
        }

        @Override
        public void uncaught(Thread thread, Throwable exception) {}
    }
}
