package dev.reprise.tide.builtins;

import java.util.Map;
import java.util.function.Supplier;

/** The builtins by name, with their argument counts; names not declared as variables resolve here. */
public final class Builtins {
    /** How to make one builtin's node, and how many arguments it takes. */
    public record Spec(int arity, Supplier<Builtin> factory) {}

    private static final Map<String, Spec> ALL = Map.ofEntries(
            Map.entry("print", new Spec(1, PrintBuiltin::new)),
            Map.entry("time", new Spec(0, TimeBuiltin::new)),
            Map.entry("random", new Spec(1, RandomBuiltin::new)),
            Map.entry("readLine", new Spec(0, ReadLineBuiltin::new)),
            Map.entry("len", new Spec(1, LenBuiltin::new)),
            Map.entry("array", new Spec(2, ArrayBuiltin::new)),
            Map.entry("str", new Spec(1, StrBuiltin::new)),
            Map.entry("promisePair", new Spec(0, PromisePairBuiltin::new)),
            Map.entry("resolve", new Spec(2, ResolveBuiltin::new)),
            Map.entry("whenResolved", new Spec(2, WhenResolvedBuiltin::new)),
            Map.entry("after", new Spec(1, AfterBuiltin::new)),
            Map.entry("args", new Spec(0, ArgsBuiltin::new)),
            Map.entry("int", new Spec(1, IntBuiltin::new)),
            Map.entry("fail", new Spec(1, FailBuiltin::new)),
            Map.entry("sin", new Spec(1, () -> new MathBuiltin(MathBuiltin.Function.SIN))),
            Map.entry("sqrt", new Spec(1, () -> new MathBuiltin(MathBuiltin.Function.SQRT))),
            Map.entry("exp", new Spec(1, () -> new MathBuiltin(MathBuiltin.Function.EXP))));

    private Builtins() {}

    /** The builtin of that name, or null. */
    public static Spec lookup(String name) {
        return ALL.get(name);
    }
}
