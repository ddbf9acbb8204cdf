package dev.reprise.tide.runtime;

import com.oracle.truffle.api.CompilerDirectives.CompilationFinal;
import com.oracle.truffle.api.RootCallTarget;

/**
 * An {@code actor Name(params) { ... }} declaration. It exists from the first mention of the name
 * so that actors can be created before their declaration; the parser fills in the body.
 */
public final class ActorDecl {
    private final String name;

    @CompilationFinal
    private RootCallTarget body;

    @CompilationFinal
    private int arity;

    /** A declaration whose body is not parsed yet. */
    public ActorDecl(String name) {
        this.name = name;
    }

    /** Sets the body once it is parsed. */
    public void define(RootCallTarget bodyTarget, int parameterCount) {
        this.body = bodyTarget;
        this.arity = parameterCount;
    }

    /** Whether the body has been parsed. */
    public boolean isDefined() {
        return body != null;
    }

    /** The actor kind's name. */
    public String name() {
        return name;
    }

    /** The constructor parameter count. */
    public int arity() {
        return arity;
    }

    /** The body as a closure with no enclosing scope: actors share no variables. */
    public Closure bodyClosure() {
        return new Closure(body, null, arity, name);
    }
}
