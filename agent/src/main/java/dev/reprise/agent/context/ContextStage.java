package dev.reprise.agent.context;

import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.function.BiConsumer;
import java.util.function.BiFunction;
import java.util.function.Consumer;
import java.util.function.Function;

/**
 * A stage made from a converted Scala future ({@code Patterns.ask(...).thenApply(f)}): the
 * converter's own stage methods make their new stages of this class, and so do these. A callback
 * put on it runs as a promise callback of its registrant resolved by the converted future's
 * completer, whether it runs later, when the stage completes, or at once, in the registrant's turn,
 * because the stage was already complete: a {@code Patterns.pipe} of a mapped ask sends the same
 * promise message either way, so which came first does not show in the trace.
 */
public final class ContextStage<T> extends CompletableFuture<T> {
    private final Object converter;

    /** A new stage whose callbacks are resolved by {@code converter}'s completer. */
    public ContextStage(Object converter) {
        this.converter = converter;
    }

    @Override
    public <U> CompletableFuture<U> newIncompleteFuture() {
        return new ContextStage<>(converter);
    }

    @SuppressWarnings("unchecked")
    private <C> C wrap(C callback) {
        return (C) StageCallbacks.wrap(converter, callback);
    }

    @Override
    public <U> CompletableFuture<U> thenApply(Function<? super T, ? extends U> fn) {
        return super.thenApply(wrap(fn));
    }

    @Override
    public CompletableFuture<Void> thenAccept(Consumer<? super T> action) {
        return super.thenAccept(wrap(action));
    }

    @Override
    public CompletableFuture<Void> thenRun(Runnable action) {
        return super.thenRun(wrap(action));
    }

    @Override
    public <U> CompletableFuture<U> thenCompose(Function<? super T, ? extends CompletionStage<U>> fn) {
        return super.thenCompose(wrap(fn));
    }

    @Override
    public CompletableFuture<T> whenComplete(BiConsumer<? super T, ? super Throwable> action) {
        return super.whenComplete(wrap(action));
    }

    @Override
    public <U> CompletableFuture<U> handle(BiFunction<? super T, Throwable, ? extends U> fn) {
        return super.handle(wrap(fn));
    }

    @Override
    public CompletableFuture<T> exceptionally(Function<Throwable, ? extends T> fn) {
        return super.exceptionally(wrap(fn));
    }

    @Override
    public <U> CompletableFuture<U> thenApplyAsync(Function<? super T, ? extends U> fn) {
        return super.thenApplyAsync(wrap(fn));
    }

    @Override
    public CompletableFuture<Void> thenAcceptAsync(Consumer<? super T> action) {
        return super.thenAcceptAsync(wrap(action));
    }

    @Override
    public CompletableFuture<T> whenCompleteAsync(BiConsumer<? super T, ? super Throwable> action) {
        return super.whenCompleteAsync(wrap(action));
    }

    @Override
    public <U, V> CompletableFuture<V> thenCombine(
            CompletionStage<? extends U> other, BiFunction<? super T, ? super U, ? extends V> fn) {
        return super.thenCombine(other, wrap(fn));
    }

    @Override
    public <U> CompletableFuture<Void> thenAcceptBoth(
            CompletionStage<? extends U> other, BiConsumer<? super T, ? super U> action) {
        return super.thenAcceptBoth(other, wrap(action));
    }
}
