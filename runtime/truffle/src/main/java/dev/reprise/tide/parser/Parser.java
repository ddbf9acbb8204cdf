package dev.reprise.tide.parser;

import com.oracle.truffle.api.RootCallTarget;
import com.oracle.truffle.api.nodes.RootNode;
import com.oracle.truffle.api.source.Source;
import com.oracle.truffle.api.source.SourceSection;
import dev.reprise.tide.builtins.BuiltinCallNode;
import dev.reprise.tide.builtins.Builtins;
import dev.reprise.tide.language.TideError;
import dev.reprise.tide.language.TideLanguage;
import dev.reprise.tide.nodes.FunctionRootNode;
import dev.reprise.tide.nodes.TideNode;
import dev.reprise.tide.nodes.actors.BecomeNode;
import dev.reprise.tide.nodes.actors.CreateActorNode;
import dev.reprise.tide.nodes.actors.SelfNode;
import dev.reprise.tide.nodes.actors.SendNode;
import dev.reprise.tide.nodes.controlflow.BlockNode;
import dev.reprise.tide.nodes.controlflow.IfNode;
import dev.reprise.tide.nodes.controlflow.ReturnNode;
import dev.reprise.tide.nodes.controlflow.WhileNode;
import dev.reprise.tide.nodes.expression.AddNodeGen;
import dev.reprise.tide.nodes.expression.ArrayLiteralNode;
import dev.reprise.tide.nodes.expression.CallNode;
import dev.reprise.tide.nodes.expression.ClosureNode;
import dev.reprise.tide.nodes.expression.CompareNode;
import dev.reprise.tide.nodes.expression.CompareNodeGen;
import dev.reprise.tide.nodes.expression.DivNodeGen;
import dev.reprise.tide.nodes.expression.EqualNodeGen;
import dev.reprise.tide.nodes.expression.IndexReadNodeGen;
import dev.reprise.tide.nodes.expression.IndexWriteNodeGen;
import dev.reprise.tide.nodes.expression.LiteralNode;
import dev.reprise.tide.nodes.expression.LogicalNode;
import dev.reprise.tide.nodes.expression.ModNodeGen;
import dev.reprise.tide.nodes.expression.MulNodeGen;
import dev.reprise.tide.nodes.expression.NegateNodeGen;
import dev.reprise.tide.nodes.expression.NotNode;
import dev.reprise.tide.nodes.expression.SubNodeGen;
import dev.reprise.tide.nodes.local.ReadLocalNode;
import dev.reprise.tide.nodes.local.WriteLocalNode;
import dev.reprise.tide.runtime.ActorDecl;
import dev.reprise.tide.runtime.Nil;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** A recursive-descent parser building the Truffle AST directly; the grammar is in the README. */
public final class Parser {
    private static final String MAIN = "main";

    /** The {@code def}s at the top of an actor body, which become its methods. */
    private record Methods(List<String> names, List<Integer> slots) {
        Methods() {
            this(new ArrayList<>(), new ArrayList<>());
        }

        BecomeNode become() {
            return new BecomeNode(
                    names.toArray(String[]::new),
                    slots.stream().mapToInt(Integer::intValue).toArray());
        }
    }

    /** A {@code new Name(args)} whose argument count is checked once all declarations are known. */
    private record Creation(ActorDecl decl, int argumentCount, Token at) {}

    private final TideLanguage language;
    private final Source source;
    private final String sourceName;
    private final List<Token> tokens;
    private final Map<String, ActorDecl> actors = new LinkedHashMap<>();
    private final List<Creation> creations = new ArrayList<>();
    private final List<RootNode> functions = new ArrayList<>();
    private int pos;

    /** A parser of the given source. */
    public Parser(TideLanguage language, Source source) {
        this.language = language;
        this.source = source;
        this.sourceName = source.getName();
        this.tokens = new Lexer(source.getCharacters().toString(), sourceName).tokens();
    }

    /** Parses the whole source: actor declarations and the main actor's statements. */
    public Program parseProgram() {
        Scope scope = new Scope(null, new Scope.Function(false));
        Methods methods = new Methods();
        List<TideNode> statements = new ArrayList<>();
        while (peek().kind() != Token.Kind.END) {
            if (peek().is("actor")) {
                actorDeclaration();
            } else {
                statements.add(statement(scope, methods));
            }
        }
        ActorDecl main = new ActorDecl(MAIN);
        main.define(actorBody(MAIN, scope, statements, methods, 0, source.createSection(0, source.getLength())), 0);
        checkCreations();
        return new Program(main, List.copyOf(functions));
    }

    // actor Name(params) { statements }
    private void actorDeclaration() {
        Token start = peek();
        expect("actor");
        Token name = expectName();
        ActorDecl decl = declFor(name.text());
        if (decl.isDefined() || name.text().equals(MAIN)) {
            throw error(name, "actor " + name.text() + " is declared twice");
        }
        Scope scope = new Scope(null, new Scope.Function(false));
        int arity = parameters(scope);
        expect("{");
        Methods methods = new Methods();
        List<TideNode> statements = new ArrayList<>();
        while (!accept("}")) {
            statements.add(statement(scope, methods));
        }
        decl.define(actorBody(name.text(), scope, statements, methods, arity, sectionFrom(start)), arity);
    }

    private RootCallTarget actorBody(
            String name, Scope scope, List<TideNode> statements, Methods methods, int arity, SourceSection section) {
        statements.add(methods.become());
        TideNode body = new BlockNode(statements.toArray(TideNode[]::new));
        return function(new FunctionRootNode(language, scope.function.frame.build(), body, name, arity, section))
                .getCallTarget();
    }

    // methods is non-null at the top of an actor body, where defs are methods.
    private TideNode statement(Scope scope, Methods methods) {
        Token start = peek();
        TideNode statement = statementAt(start, scope, methods);
        return statement.hasSourceRange() ? statement : located(statement, start);
    }

    private TideNode statementAt(Token start, Scope scope, Methods methods) {
        if (accept("var")) {
            Token name = expectName();
            expect("=");
            TideNode value = expression(scope);
            expect(";");
            return new WriteLocalNode(0, declare(scope, name), value);
        }
        if (accept("def")) {
            Token name = expectName();
            int slot = declare(scope, name);
            if (methods != null) {
                methods.names().add(name.text());
                methods.slots().add(slot);
            }
            return new WriteLocalNode(0, slot, function(name.text(), scope, start));
        }
        if (accept("if")) {
            return ifStatement(scope);
        }
        if (accept("while")) {
            expect("(");
            TideNode condition = expression(scope);
            expect(")");
            return new WhileNode(condition, block(scope));
        }
        if (accept("return")) {
            if (!scope.function.allowsReturn) {
                throw error(start, "return outside a function");
            }
            TideNode value = peek().is(";") ? new LiteralNode(Nil.INSTANCE) : expression(scope);
            expect(";");
            return new ReturnNode(value);
        }
        TideNode expression = expression(scope);
        expect(";");
        return expression;
    }

    private TideNode ifStatement(Scope scope) {
        expect("(");
        TideNode condition = expression(scope);
        expect(")");
        TideNode thenPart = block(scope);
        TideNode elsePart = null;
        if (accept("else")) {
            elsePart = accept("if") ? ifStatement(scope) : block(scope);
        }
        return new IfNode(condition, thenPart, elsePart);
    }

    private TideNode block(Scope outer) {
        expect("{");
        Scope scope = new Scope(outer, outer.function);
        List<TideNode> statements = new ArrayList<>();
        while (!accept("}")) {
            statements.add(statement(scope, null));
        }
        return new BlockNode(statements.toArray(TideNode[]::new));
    }

    // (params) { body } after "fn" or "def name": a closure over the enclosing frame.
    private TideNode function(String name, Scope outer, Token start) {
        Scope scope = new Scope(outer, new Scope.Function(true));
        int arity = parameters(scope);
        TideNode body = block(scope);
        FunctionRootNode root = function(
                new FunctionRootNode(language, scope.function.frame.build(), body, name, arity, sectionFrom(start)));
        return new ClosureNode(root.getCallTarget(), arity, name);
    }

    private FunctionRootNode function(FunctionRootNode root) {
        functions.add(root);
        return root;
    }

    // Parameters take the function's first slots, where FunctionRootNode copies the arguments.
    private int parameters(Scope scope) {
        expect("(");
        int count = 0;
        if (!accept(")")) {
            do {
                declare(scope, expectName());
                count++;
            } while (accept(","));
            expect(")");
        }
        return count;
    }

    private TideNode expression(Scope scope) {
        Token start = peek();
        TideNode left = and(scope);
        while (accept("||")) {
            left = located(new LogicalNode(left, and(scope), false), start);
        }
        return left;
    }

    private TideNode and(Scope scope) {
        Token start = peek();
        TideNode left = equality(scope);
        while (accept("&&")) {
            left = located(new LogicalNode(left, equality(scope), true), start);
        }
        return left;
    }

    private TideNode equality(Scope scope) {
        Token start = peek();
        TideNode left = comparison(scope);
        while (peek().is("==") || peek().is("!=")) {
            boolean negated = next().is("!=");
            left = located(EqualNodeGen.create(negated, left, comparison(scope)), start);
        }
        return left;
    }

    private TideNode comparison(Scope scope) {
        Token start = peek();
        TideNode left = additive(scope);
        while (true) {
            CompareNode.Op op = switch (peek().text()) {
                case "<" -> CompareNode.Op.LT;
                case "<=" -> CompareNode.Op.LE;
                case ">" -> CompareNode.Op.GT;
                case ">=" -> CompareNode.Op.GE;
                default -> null;
            };
            if (op == null || peek().kind() != Token.Kind.SYMBOL) {
                return left;
            }
            next();
            left = located(CompareNodeGen.create(op, left, additive(scope)), start);
        }
    }

    private TideNode additive(Scope scope) {
        Token start = peek();
        TideNode left = term(scope);
        while (peek().is("+") || peek().is("-")) {
            left = next().is("+") ? AddNodeGen.create(left, term(scope)) : SubNodeGen.create(left, term(scope));
            located(left, start);
        }
        return left;
    }

    private TideNode term(Scope scope) {
        Token start = peek();
        TideNode left = unary(scope);
        while (peek().is("*") || peek().is("/") || peek().is("%")) {
            String op = next().text();
            TideNode right = unary(scope);
            left = switch (op) {
                case "*" -> MulNodeGen.create(left, right);
                case "/" -> DivNodeGen.create(left, right);
                default -> ModNodeGen.create(left, right);
            };
            located(left, start);
        }
        return left;
    }

    private TideNode unary(Scope scope) {
        Token start = peek();
        if (accept("-")) {
            return located(NegateNodeGen.create(unary(scope)), start);
        }
        if (accept("!")) {
            return located(new NotNode(unary(scope)), start);
        }
        return postfix(scope);
    }

    // Calls f(args), indexing a[i] (or assignment a[i] = v) and sends ref <- name(args).
    private TideNode postfix(Scope scope) {
        Token start = peek();
        TideNode node = located(primary(scope), start);
        while (true) {
            if (accept("(")) {
                node = located(new CallNode(node, arguments(scope)), start);
            } else if (accept("[")) {
                TideNode index = expression(scope);
                expect("]");
                if (accept("=")) {
                    return located(IndexWriteNodeGen.create(node, index, expression(scope)), start);
                }
                node = located(IndexReadNodeGen.create(node, index), start);
            } else if (accept("<-")) {
                String selector = expectName().text();
                expect("(");
                node = located(new SendNode(node, selector, arguments(scope)), start);
            } else {
                return node;
            }
        }
    }

    private TideNode primary(Scope scope) {
        Token token = next();
        switch (token.kind()) {
            case INTEGER:
                try {
                    return new LiteralNode(Long.parseLong(token.text()));
                } catch (NumberFormatException e) {
                    throw error(token, "integer too large: " + token.text());
                }
            case FLOAT:
                return new LiteralNode(Double.parseDouble(token.text()));
            case STRING:
                return new LiteralNode(token.text());
            case NAME:
                return name(token, scope);
            default:
                break;
        }
        if (token.is("(")) {
            TideNode inner = expression(scope);
            expect(")");
            return inner;
        }
        if (token.is("[")) {
            return new ArrayLiteralNode(elements(scope, "]"));
        }
        throw error(token, "unexpected " + token.text());
    }

    private TideNode name(Token token, Scope scope) {
        switch (token.text()) {
            case "true":
                return new LiteralNode(true);
            case "false":
                return new LiteralNode(false);
            case "nil":
                return new LiteralNode(Nil.INSTANCE);
            case "self":
                return new SelfNode();
            case "fn":
                return function("fn", scope, token);
            case "new":
                Token actor = expectName();
                expect("(");
                TideNode[] arguments = arguments(scope);
                ActorDecl decl = declFor(actor.text());
                creations.add(new Creation(decl, arguments.length, actor));
                return new CreateActorNode(decl, arguments);
            default:
                return variableOrBuiltin(token, scope);
        }
    }

    private TideNode variableOrBuiltin(Token token, Scope scope) {
        if (Keywords.is(token.text())) {
            throw error(token, "unexpected " + token.text());
        }
        Scope.Variable variable = scope.lookup(token.text());
        if (variable != null) {
            if (accept("=")) {
                return new WriteLocalNode(variable.depth(), variable.slot(), expression(scope));
            }
            return new ReadLocalNode(variable.depth(), variable.slot());
        }
        Builtins.Spec builtin = Builtins.lookup(token.text());
        if (builtin == null || !peek().is("(")) {
            throw error(token, token.text() + " is not defined");
        }
        expect("(");
        TideNode[] arguments = arguments(scope);
        if (arguments.length != builtin.arity()) {
            throw error(token, token.text() + " takes " + builtin.arity() + " arguments, got " + arguments.length);
        }
        return new BuiltinCallNode(builtin.factory().get(), arguments);
    }

    // After "(": comma-separated expressions up to ")".
    private TideNode[] arguments(Scope scope) {
        return elements(scope, ")");
    }

    private TideNode[] elements(Scope scope, String close) {
        List<TideNode> nodes = new ArrayList<>();
        if (!accept(close)) {
            do {
                nodes.add(expression(scope));
            } while (accept(","));
            expect(close);
        }
        return nodes.toArray(TideNode[]::new);
    }

    private int declare(Scope scope, Token name) {
        Integer slot = scope.declare(name.text());
        if (slot == null) {
            throw error(name, name.text() + " is already declared in this block");
        }
        return slot;
    }

    private ActorDecl declFor(String name) {
        return actors.computeIfAbsent(name, ActorDecl::new);
    }

    private void checkCreations() {
        for (Creation creation : creations) {
            ActorDecl decl = creation.decl();
            if (!decl.isDefined()) {
                throw error(creation.at(), "no actor " + decl.name() + " is declared");
            }
            if (decl.arity() != creation.argumentCount()) {
                throw error(
                        creation.at(),
                        decl.name() + " takes " + decl.arity() + " arguments, got " + creation.argumentCount());
            }
        }
    }

    private Token peek() {
        return tokens.get(pos);
    }

    private Token next() {
        Token token = tokens.get(pos);
        if (token.kind() != Token.Kind.END) {
            pos++;
        }
        return token;
    }

    private boolean accept(String symbol) {
        if (peek().is(symbol)) {
            pos++;
            return true;
        }
        return false;
    }

    private void expect(String symbol) {
        if (!accept(symbol)) {
            throw error(peek(), "expected " + symbol + " but found " + peek().text());
        }
    }

    private Token expectName() {
        Token token = next();
        if (token.kind() != Token.Kind.NAME || Keywords.is(token.text())) {
            throw error(token, "expected a name but found " + token.text());
        }
        return token;
    }

    // Gives node the range from start to the last token read; returns node.
    private TideNode located(TideNode node, Token start) {
        node.setSourceRange(start.offset(), tokens.get(pos - 1).end() - start.offset());
        return node;
    }

    private SourceSection sectionFrom(Token start) {
        return source.createSection(start.offset(), tokens.get(pos - 1).end() - start.offset());
    }

    private TideError error(Token at, String message) {
        return ParseError.at(sourceName, at.line(), at.column(), message);
    }
}
