package dev.reprise.acmeair.http;

import akka.actor.ActorRef;
import dev.reprise.acmeair.latency.ServerLatency;
import io.netty.bootstrap.ServerBootstrap;
import io.netty.channel.Channel;
import io.netty.channel.ChannelInitializer;
import io.netty.channel.EventLoopGroup;
import io.netty.channel.nio.NioEventLoopGroup;
import io.netty.channel.socket.SocketChannel;
import io.netty.channel.socket.nio.NioServerSocketChannel;
import io.netty.handler.codec.http.HttpServerCodec;
import io.netty.handler.timeout.ReadTimeoutHandler;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.util.concurrent.TimeUnit;

/** The Netty HTTP/1.1 server on loopback that passes requests to the router actor. */
public final class HttpServer implements AutoCloseable {
    /** Largest request body accepted; larger ones get 413 with a text that says so. */
    public static final int MAX_BODY_BYTES = 64 * 1024;

    private final EventLoopGroup boss = new NioEventLoopGroup(1);
    private final EventLoopGroup workers = new NioEventLoopGroup(2);
    private final Channel channel;

    /**
     * Binds and starts serving.
     *
     * @param port the port on 127.0.0.1, 0 for any free one
     * @param router the router actor
     * @param idleSeconds a connection that sends nothing this long (between requests, or in the
     *     middle of one) is closed
     * @param latency times each request and answers {@link ServerLatency#PATH}; null for neither
     * @throws InterruptedException if interrupted while binding
     */
    public HttpServer(int port, ActorRef router, int idleSeconds, ServerLatency latency) throws InterruptedException {
        ApiHandler handler = new ApiHandler(router, latency);
        channel = new ServerBootstrap()
                .group(boss, workers)
                .channel(NioServerSocketChannel.class)
                .childHandler(new ChannelInitializer<SocketChannel>() {
                    @Override
                    protected void initChannel(SocketChannel ch) {
                        ch.pipeline()
                                .addLast(new ReadTimeoutHandler(idleSeconds))
                                .addLast(new HttpServerCodec())
                                .addLast(new BodyLimit(MAX_BODY_BYTES))
                                .addLast(handler);
                    }
                })
                .bind(new InetSocketAddress(InetAddress.getLoopbackAddress(), port))
                .sync()
                .channel();
    }

    /** @return the bound port */
    public int port() {
        return ((InetSocketAddress) channel.localAddress()).getPort();
    }

    @Override
    public void close() {
        channel.close().syncUninterruptibly();
        boss.shutdownGracefully(0, 1, TimeUnit.SECONDS).syncUninterruptibly();
        workers.shutdownGracefully(0, 1, TimeUnit.SECONDS).syncUninterruptibly();
    }
}
