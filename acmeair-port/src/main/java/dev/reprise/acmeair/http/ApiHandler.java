package dev.reprise.acmeair.http;

import akka.actor.ActorRef;
import akka.pattern.Patterns;
import dev.reprise.acmeair.api.ApiException;
import dev.reprise.acmeair.api.ApiRequest;
import dev.reprise.acmeair.api.ApiResponse;
import dev.reprise.acmeair.latency.ServerLatency;
import io.netty.buffer.Unpooled;
import io.netty.channel.ChannelFuture;
import io.netty.channel.ChannelFutureListener;
import io.netty.channel.ChannelHandler;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.SimpleChannelInboundHandler;
import io.netty.handler.codec.http.DefaultFullHttpResponse;
import io.netty.handler.codec.http.FullHttpRequest;
import io.netty.handler.codec.http.FullHttpResponse;
import io.netty.handler.codec.http.HttpHeaderNames;
import io.netty.handler.codec.http.HttpHeaderValues;
import io.netty.handler.codec.http.HttpMethod;
import io.netty.handler.codec.http.HttpResponseStatus;
import io.netty.handler.codec.http.HttpUtil;
import io.netty.handler.codec.http.HttpVersion;
import java.nio.charset.StandardCharsets;
import java.time.Duration;

/**
 * Hands each request to the router actor and writes the reply. It uses {@code ask}: the Netty
 * thread must not block, and an ask's temporary reply target is far cheaper than creating an
 * actor per request (which would also put a child creation per request into a recorded trace).
 * Netty runs the write on the channel's own event loop, whatever thread completes the ask.
 */
@ChannelHandler.Sharable
final class ApiHandler extends SimpleChannelInboundHandler<FullHttpRequest> {
    /** Long enough for {@code /loader/load} of a large data set on a slow machine. */
    private static final Duration TIMEOUT = Duration.ofSeconds(120);

    /** A {@code decoded} time that says the response is not timed. */
    private static final long NOT_TIMED = Long.MIN_VALUE;

    private final ActorRef router;
    /** Times each request and answers {@link ServerLatency#PATH}; null when the server does neither. */
    private final ServerLatency latency;

    ApiHandler(ActorRef router, ServerLatency latency) {
        this.router = router;
        this.latency = latency;
    }

    @Override
    protected void channelRead0(ChannelHandlerContext ctx, FullHttpRequest request) {
        long decoded = latency == null ? 0 : latency.now();
        boolean keepAlive =
                HttpUtil.isKeepAlive(request) && request.decoderResult().isSuccess();
        if (latency != null
                && request.method().equals(HttpMethod.GET)
                && request.uri().equals(ServerLatency.PATH)) {
            // The measurement's own request: answered here, not by the actors, and not timed.
            write(ctx, ApiResponse.text(latency.takeInterval()), keepAlive, NOT_TIMED);
            return;
        }
        ApiRequest apiRequest;
        try {
            apiRequest = RequestDecoder.decode(request);
        } catch (ApiException e) {
            write(ctx, e.toResponse(), keepAlive, decoded);
            return;
        }
        Patterns.ask(router, apiRequest, TIMEOUT).whenComplete((reply, failure) -> {
            ApiResponse response =
                    reply instanceof ApiResponse r ? r : ApiResponse.error(503, "no answer in time: " + failure);
            write(ctx, response, keepAlive, decoded);
        });
    }

    /** Writes the response of the request decoded at {@code decoded} ({@link ServerLatency#now}, or {@link #NOT_TIMED}). */
    private void write(ChannelHandlerContext ctx, ApiResponse response, boolean keepAlive, long decoded) {
        byte[] body = response.body().getBytes(StandardCharsets.UTF_8);
        FullHttpResponse http = new DefaultFullHttpResponse(
                HttpVersion.HTTP_1_1, HttpResponseStatus.valueOf(response.status()), Unpooled.wrappedBuffer(body));
        http.headers().set(HttpHeaderNames.CONTENT_TYPE, response.contentType());
        http.headers().setInt(HttpHeaderNames.CONTENT_LENGTH, body.length);
        http.headers().set(HttpHeaderNames.CACHE_CONTROL, HttpHeaderValues.NO_CACHE);
        if (response.sessionCookie() != null) {
            http.headers().set(HttpHeaderNames.SET_COOKIE, "sessionid=" + response.sessionCookie() + "; Path=/");
        }
        http.headers()
                .set(HttpHeaderNames.CONNECTION, keepAlive ? HttpHeaderValues.KEEP_ALIVE : HttpHeaderValues.CLOSE);
        ChannelFuture written = ctx.writeAndFlush(http);
        if (latency != null && decoded != NOT_TIMED) {
            written.addListener(f -> latency.answered(decoded));
        }
        if (!keepAlive) {
            written.addListener(ChannelFutureListener.CLOSE);
        }
    }

    @Override
    public void exceptionCaught(ChannelHandlerContext ctx, Throwable cause) {
        ctx.close();
    }
}
