package dev.reprise.agent.instrumentation;

import static net.bytebuddy.matcher.ElementMatchers.isDeclaredBy;
import static net.bytebuddy.matcher.ElementMatchers.isSubTypeOf;
import static net.bytebuddy.matcher.ElementMatchers.named;
import static net.bytebuddy.matcher.ElementMatchers.takesArguments;

import dev.reprise.agent.NondeterministicCalls;
import java.lang.reflect.Method;
import java.time.Clock;
import java.time.Instant;
import java.util.UUID;
import java.util.function.Predicate;
import java.util.random.RandomGenerator;
import net.bytebuddy.agent.builder.AgentBuilder;
import net.bytebuddy.asm.MemberSubstitution;
import net.bytebuddy.description.method.MethodDescription;
import net.bytebuddy.description.type.TypeDescription;
import net.bytebuddy.matcher.ElementMatcher;
import net.bytebuddy.matcher.ElementMatchers;

/**
 * In application classes (chosen by the include and exclude options), calls to the clock
 * ({@code System.currentTimeMillis}, {@code nanoTime}, {@code Instant.now}, {@code Clock}) and
 * to random generators ({@code Random}, {@code ThreadLocalRandom}, {@code SplittableRandom}, any
 * {@code RandomGenerator}, {@code Math.random}, {@code UUID.randomUUID}) are replaced with calls
 * to {@link NondeterministicCalls}, which record the result during an actor's turn.
 */
final class NondeterministicCallsInstrumentation {
    private NondeterministicCallsInstrumentation() {}

    static AgentBuilder apply(AgentBuilder agent, Predicate<String> recordsCallsIn) throws NoSuchMethodException {
        ElementMatcher.Junction<MethodDescription> random = ElementMatchers.isDeclaredBy(isSubTypeOf(RandomGenerator.class));
        MemberSubstitution substitution = MemberSubstitution.relaxed()
                .method(named("currentTimeMillis").and(isDeclaredBy(System.class))).replaceWith(to("currentTimeMillis"))
                .method(named("nanoTime").and(isDeclaredBy(System.class))).replaceWith(to("nanoTime"))
                .method(named("now").and(takesArguments(0)).and(isDeclaredBy(Instant.class))).replaceWith(to("instantNow"))
                .method(named("millis").and(isDeclaredBy(isSubTypeOf(Clock.class)))).replaceWith(to("clockMillis", Clock.class))
                .method(named("instant").and(isDeclaredBy(isSubTypeOf(Clock.class)))).replaceWith(to("clockInstant", Clock.class))
                .method(named("random").and(isDeclaredBy(Math.class).or(isDeclaredBy(StrictMath.class)))).replaceWith(to("mathRandom"))
                .method(named("randomUUID").and(isDeclaredBy(UUID.class))).replaceWith(to("randomUUID"))
                .method(named("nextInt").and(takesArguments(0)).and(random)).replaceWith(to("nextInt", RandomGenerator.class))
                .method(named("nextInt").and(takesArguments(int.class)).and(random)).replaceWith(to("nextInt", RandomGenerator.class, int.class))
                .method(named("nextInt").and(takesArguments(int.class, int.class)).and(random)).replaceWith(to("nextInt", RandomGenerator.class, int.class, int.class))
                .method(named("nextLong").and(takesArguments(0)).and(random)).replaceWith(to("nextLong", RandomGenerator.class))
                .method(named("nextLong").and(takesArguments(long.class)).and(random)).replaceWith(to("nextLong", RandomGenerator.class, long.class))
                .method(named("nextLong").and(takesArguments(long.class, long.class)).and(random)).replaceWith(to("nextLong", RandomGenerator.class, long.class, long.class))
                .method(named("nextDouble").and(takesArguments(0)).and(random)).replaceWith(to("nextDouble", RandomGenerator.class))
                .method(named("nextDouble").and(takesArguments(double.class)).and(random)).replaceWith(to("nextDouble", RandomGenerator.class, double.class))
                .method(named("nextDouble").and(takesArguments(double.class, double.class)).and(random)).replaceWith(to("nextDouble", RandomGenerator.class, double.class, double.class))
                .method(named("nextFloat").and(takesArguments(0)).and(random)).replaceWith(to("nextFloat", RandomGenerator.class))
                .method(named("nextBoolean").and(takesArguments(0)).and(random)).replaceWith(to("nextBoolean", RandomGenerator.class))
                .method(named("nextGaussian").and(takesArguments(0)).and(random)).replaceWith(to("nextGaussian", RandomGenerator.class))
                .method(named("nextBytes").and(takesArguments(byte[].class)).and(random)).replaceWith(to("nextBytes", RandomGenerator.class, byte[].class));
        ElementMatcher<TypeDescription> applicationTypes = new ElementMatcher.Junction.AbstractBase<>() {
            @Override
            public boolean matches(TypeDescription type) {
                // Records are left alone: ByteBuddy cannot rewrite the invokedynamic of their
                // generated toString/equals/hashCode (its bootstrap arguments are field handles).
                return !type.isRecord() && recordsCallsIn.test(type.getName());
            }
        };
        return agent.type(applicationTypes)
                .transform((builder, type, loader, module, domain) -> builder.visit(substitution.on(ElementMatchers.any())));
    }

    private static Method to(String name, Class<?>... parameters) throws NoSuchMethodException {
        return NondeterministicCalls.class.getMethod(name, parameters);
    }
}
