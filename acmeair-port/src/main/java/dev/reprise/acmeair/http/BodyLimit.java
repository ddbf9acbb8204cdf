package dev.reprise.acmeair.http;

import io.netty.buffer.Unpooled;
import io.netty.channel.ChannelFutureListener;
import io.netty.channel.ChannelHandlerContext;
import io.netty.handler.codec.TooLongFrameException;
import io.netty.handler.codec.http.DefaultFullHttpResponse;
import io.netty.handler.codec.http.FullHttpMessage;
import io.netty.handler.codec.http.FullHttpResponse;
import io.netty.handler.codec.http.HttpHeaderNames;
import io.netty.handler.codec.http.HttpHeaderValues;
import io.netty.handler.codec.http.HttpMessage;
import io.netty.handler.codec.http.HttpObjectAggregator;
import io.netty.handler.codec.http.HttpRequest;
import io.netty.handler.codec.http.HttpResponseStatus;
import io.netty.handler.codec.http.HttpUtil;
import io.netty.handler.codec.http.HttpVersion;
import java.nio.charset.StandardCharsets;

/**
 * Netty's aggregator with a body limit whose 413 says why, as every other 4xx of the API does
 * (Netty's own has an empty body). As Netty does, it closes the connection unless the client may
 * still go on with it (keep-alive without a body sent yet).
 */
final class BodyLimit extends HttpObjectAggregator {
    private final int maxBytes;

    BodyLimit(int maxBytes) {
        super(maxBytes);
        this.maxBytes = maxBytes;
    }

    @Override
    protected void handleOversizedMessage(ChannelHandlerContext ctx, HttpMessage oversized) throws Exception {
        if (!(oversized instanceof HttpRequest request)) {
            ctx.close();
            throw new TooLongFrameException("response over " + maxBytes + " bytes");
        }
        FullHttpResponse tooLarge = new DefaultFullHttpResponse(
                HttpVersion.HTTP_1_1,
                HttpResponseStatus.REQUEST_ENTITY_TOO_LARGE,
                Unpooled.copiedBuffer("request body over " + maxBytes / 1024 + " KB\n", StandardCharsets.UTF_8));
        tooLarge.headers()
                .set(HttpHeaderNames.CONTENT_TYPE, "text/plain; charset=UTF-8")
                .setInt(HttpHeaderNames.CONTENT_LENGTH, tooLarge.content().readableBytes());
        boolean close = oversized instanceof FullHttpMessage
                || !HttpUtil.is100ContinueExpected(request) && !HttpUtil.isKeepAlive(request);
        if (close) {
            tooLarge.headers().set(HttpHeaderNames.CONNECTION, HttpHeaderValues.CLOSE);
            ctx.writeAndFlush(tooLarge).addListener(ChannelFutureListener.CLOSE);
        } else {
            ctx.writeAndFlush(tooLarge).addListener(ChannelFutureListener.CLOSE_ON_FAILURE);
        }
    }
}
