package dev.reprise.agent.instrumentation;

import dev.reprise.agent.health.AgentLog;
import java.lang.reflect.InvocationHandler;
import java.lang.reflect.Proxy;
import java.security.ProtectionDomain;
import java.util.ArrayList;
import java.util.List;
import java.util.function.UnaryOperator;
import net.bytebuddy.ByteBuddy;
import net.bytebuddy.agent.builder.AgentBuilder;
import net.bytebuddy.description.type.TypeDescription;
import net.bytebuddy.dynamic.ClassFileLocator;
import net.bytebuddy.dynamic.DynamicType;
import net.bytebuddy.dynamic.TypeResolutionStrategy;
import net.bytebuddy.dynamic.scaffold.TypeValidation;
import net.bytebuddy.dynamic.scaffold.inline.MethodNameTransformer;
import net.bytebuddy.matcher.ElementMatcher;
import net.bytebuddy.matcher.ElementMatchers;
import net.bytebuddy.pool.TypePool;
import net.bytebuddy.utility.JavaModule;

/**
 * The Akka and Scala instrumentations, applied as ByteBuddy's {@code AgentBuilder} would (rebase,
 * types described from the class file, no initialisation strategy) but without it: the
 * instrumentations declare their types and transformers on an {@code AgentBuilder} (a stand-in
 * here that only collects them), and each listed type is rebased when it loads. Setting up the
 * real {@code AgentBuilder} costs a few hundred milliseconds of CPU at start-up (class injection
 * strategies, and a transformer class it generates), which the agent does not need.
 */
final class TypeTransformations {
    /** A type matcher and what to do with the types it matches, as an instrumentation declared them. */
    record Rule(ElementMatcher<? super TypeDescription> type, AgentBuilder.Transformer transformer) {}

    private final List<Rule> rules;
    // Scala classes name parameters "default", which ByteBuddy's validation of Java names refuses;
    // lambda bodies are synthetic methods, which ByteBuddy leaves alone unless told otherwise.
    private final ByteBuddy byteBuddy =
            new ByteBuddy().with(TypeValidation.DISABLED).ignore(ElementMatchers.none());

    TypeTransformations(UnaryOperator<AgentBuilder> instrumentations) {
        this.rules = collect(instrumentations);
    }

    List<Rule> rules() {
        return rules;
    }

    /**
     * The rules the instrumentations declare: they may call {@code type(matcher)} and
     * {@code transform(transformer)} on the builder they get, nothing else.
     */
    static List<Rule> collect(UnaryOperator<AgentBuilder> instrumentations) {
        List<Rule> rules = new ArrayList<>();
        Object[] pending = new Object[1];
        InvocationHandler handler = (proxy, method, args) -> {
            int n = args == null ? 0 : args.length;
            switch (method.getName()) {
                case "type" -> {
                    if (n == 1 && args[0] instanceof ElementMatcher<?> m) {
                        pending[0] = m;
                        return proxy;
                    }
                }
                case "transform" -> {
                    if (n == 1 && pending[0] != null) {
                        @SuppressWarnings("unchecked")
                        ElementMatcher<? super TypeDescription> m =
                                (ElementMatcher<? super TypeDescription>) pending[0];
                        rules.add(new Rule(m, (AgentBuilder.Transformer) args[0]));
                        return proxy;
                    }
                }
                case "hashCode" -> {
                    return System.identityHashCode(proxy);
                }
                case "equals" -> {
                    return proxy == args[0];
                }
                case "toString" -> {
                    return "the agent's instrumentations";
                }
                default -> {}
            }
            throw new UnsupportedOperationException("AgentBuilder." + method.getName() + " with " + n
                    + " arguments: the agent's instrumentations may only use type(matcher) and transform(transformer)");
        };
        AgentBuilder collector = (AgentBuilder) Proxy.newProxyInstance(
                TypeTransformations.class.getClassLoader(),
                new Class<?>[] {AgentBuilder.Identified.Extendable.class, AgentBuilder.Identified.Narrowable.class},
                handler);
        instrumentations.apply(collector);
        return List.copyOf(rules);
    }

    /** Type descriptions read from the system class loader's class path, shared by its transformations. */
    private final TypePool.CacheProvider systemTypes = new TypePool.CacheProvider.Simple();

    /**
     * What became of a class: its new bytes (null: unchanged), whether they depend on the class
     * alone (a decoration), and the hooks ({@link Hooks}) that matched no method of it, by method.
     */
    record Result(byte[] bytes, boolean decorated, List<String> missingHooks) {
        Result(byte[] bytes, boolean decorated) {
            this(bytes, decorated, List.of());
        }
    }

    /**
     * The instrumented class (null bytes if no rule matches {@code internalName}). A type that only
     * gets advice is decorated (ByteBuddy rewrites its methods and nothing else, which is much
     * cheaper); one that also gets a field or an interface is rebased.
     */
    Result transform(Module module, ClassLoader loader, String internalName, ProtectionDomain domain, byte[] bytes) {
        String name = internalName.replace('/', '.');
        ClassFileLocator locator = new ClassFileLocator.Compound(
                ClassFileLocator.Simple.of(name, bytes),
                loader == null
                        ? ClassFileLocator.ForClassLoader.ofBootLoader()
                        : ClassFileLocator.ForClassLoader.of(loader));
        TypePool pool = new TypePool.Default.WithLazyResolution(
                loader == ClassLoader.getSystemClassLoader() ? systemTypes : new TypePool.CacheProvider.Simple(),
                locator,
                TypePool.Default.ReaderMode.FAST);
        TypeDescription type = pool.describe(name).resolve();
        List<Rule> matching = new ArrayList<>();
        for (Rule rule : rules) {
            if (rule.type().matches(type)) {
                matching.add(rule);
            }
        }
        if (matching.isEmpty()) {
            return new Result(null, true);
        }
        JavaModule javaModule = JavaModule.of(module);
        DynamicType.Builder<?> builder;
        boolean decorated = true;
        DynamicType.Unloaded<?> made;
        List<String> missing;
        try (Hooks.Check hooks = Hooks.Check.start()) {
            try {
                builder = apply(matching, byteBuddy.decorate(type, locator), type, loader, javaModule, domain);
            } catch (UnsupportedOperationException e) { // a field or an interface: not a decoration
                decorated = false;
                builder = apply(
                        matching,
                        byteBuddy.rebase(type, locator, MethodNameTransformer.Suffixing.withRandomSuffix()),
                        type,
                        loader,
                        javaModule,
                        domain);
            }
            made = builder.make(TypeResolutionStrategy.Disabled.INSTANCE, pool);
            missing = hooks.missing();
        }
        if (!made.getAuxiliaryTypes().isEmpty()) {
            AgentLog.internalError(
                    "instrumenting " + name,
                    new IllegalStateException(
                            "the instrumentation needs auxiliary types, which the agent does not inject: "
                                    + made.getAuxiliaryTypes().keySet()));
            return new Result(null, false);
        }
        AgentLog.debug("instrumented " + name + (missing.isEmpty() ? "" : "; hooks that matched nothing: " + missing));
        return new Result(made.getBytes(), decorated, missing);
    }

    private static DynamicType.Builder<?> apply(
            List<Rule> rules,
            DynamicType.Builder<?> builder,
            TypeDescription type,
            ClassLoader loader,
            JavaModule module,
            ProtectionDomain domain) {
        for (Rule rule : rules) {
            builder = rule.transformer().transform(builder, type, loader, module, domain);
        }
        return builder;
    }
}
