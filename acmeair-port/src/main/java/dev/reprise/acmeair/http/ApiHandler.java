package dev.reprise.acmeair.http;

import akka.actor.ActorRef;
import akka.pattern.Patterns;
import dev.reprise.acmeair.api.ApiException;
import dev.reprise.acmeair.api.ApiRequest;
import dev.reprise.acmeair.api.ApiResponse;
import io.netty.buffer.Unpooled;
import io.netty.channel.ChannelFutureListener;
import io.netty.channel.ChannelHandler;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.SimpleChannelInboundHandler;
import io.netty.handler.codec.http.DefaultFullHttpResponse;
import io.netty.handler.codec.http.FullHttpRequest;
import io.netty.handler.codec.http.FullHttpResponse;
import io.netty.handler.codec.http.HttpHeaderNames;
import io.netty.handler.codec.http.HttpHeaderValues;
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

    private final ActorRef router;

    ApiHandler(ActorRef router) {
        this.router = router;
    }

    @Override
    protected void channelRead0(ChannelHandlerContext ctx, FullHttpRequest request) {
        boolean keepAlive =
                HttpUtil.isKeepAlive(request) && request.decoderResult().isSuccess();
        ApiRequest apiRequest;
        try {
            apiRequest = RequestDecoder.decode(request);
        } catch (ApiException e) {
            write(ctx, e.toResponse(), keepAlive);
            return;
        }
        Patterns.ask(router, apiRequest, TIMEOUT).whenComplete((reply, failure) -> {
            ApiResponse response =
                    reply instanceof ApiResponse r ? r : ApiResponse.error(503, "no answer in time: " + failure);
            write(ctx, response, keepAlive);
        });
    }

    private static void write(ChannelHandlerContext ctx, ApiResponse response, boolean keepAlive) {
        byte[] body = response.body().getBytes(StandardCharsets.UTF_8);
        FullHttpResponse http = new DefaultFullHttpResponse(
                HttpVersion.HTTP_1_1, HttpResponseStatus.valueOf(response.status()), Unpooled.wrappedBuffer(body));
        http.headers().set(HttpHeaderNames.CONTENT_TYPE, response.contentType());
        http.headers().setInt(HttpHeaderNames.CONTENT_LENGTH, body.length);
        http.headers().set(HttpHeaderNames.CACHE_CONTROL, HttpHeaderValues.NO_CACHE);
        if (response.sessionCookie() != null) {
            http.headers().set(HttpHeaderNames.SET_COOKIE, "sessionid=" + response.sessionCookie() + "; Path=/");
        }
        if (keepAlive) {
            http.headers().set(HttpHeaderNames.CONNECTION, HttpHeaderValues.KEEP_ALIVE);
            ctx.writeAndFlush(http);
        } else {
            http.headers().set(HttpHeaderNames.CONNECTION, HttpHeaderValues.CLOSE);
            ctx.writeAndFlush(http).addListener(ChannelFutureListener.CLOSE);
        }
    }

    @Override
    public void exceptionCaught(ChannelHandlerContext ctx, Throwable cause) {
        ctx.close();
    }
}
