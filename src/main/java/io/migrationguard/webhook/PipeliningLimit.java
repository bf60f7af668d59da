package io.migrationguard.webhook;

import io.netty.channel.Channel;
import io.netty.channel.ChannelDuplexHandler;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelPipeline;
import io.netty.channel.ChannelPromise;
import io.netty.handler.codec.http.HttpRequest;
import io.netty.handler.codec.http.LastHttpContent;
import io.netty.handler.ssl.SslHandler;
import io.netty.util.ReferenceCountUtil;

/**
 * Bounds HTTP/1.1 pipelining on one connection: at most {@link #MAX_UNANSWERED} requests read and
 * not yet answered onto the wire; one more closes the connection. Vert.x answers pipelined requests
 * in order, each after the previous answer is flushed, and meanwhile goes on reading and queueing
 * requests: a client that pipelines and never reads would make it queue them without bound (tens of
 * MB a second, until the heap is gone). The API server sends one request at a time per connection
 * (or uses HTTP/2), so a well-behaved client never comes near the bound.
 *
 * <p>Installed in the connection's Netty pipeline, between Vert.x's HTTP decoder and its handler,
 * when the connection's first request reaches {@link ConnectionGuard}; runs on the connection's
 * event loop.
 */
final class PipeliningLimit extends ChannelDuplexHandler {
  static final String NAME = "migration-guard-pipelining-limit";

  /** Requests a connection may have read and not yet answered. */
  static final int MAX_UNANSWERED = 16;

  private int unanswered;

  /** Adds the limit to {@code channel} once; a no-op where the pipeline is not HTTP/1.x. */
  static void install(Channel channel) {
    ChannelPipeline p = channel.pipeline();
    if (p.get(NAME) == null && p.get("handler") != null && p.get("httpDecoder") != null) {
      p.addBefore("handler", NAME, new PipeliningLimit());
    }
  }

  @Override
  public void channelRead(ChannelHandlerContext ctx, Object msg) {
    if (msg instanceof HttpRequest && ++unanswered > MAX_UNANSWERED) {
      ReferenceCountUtil.release(msg);
      closeNow(ctx.channel());
      return;
    }
    ctx.fireChannelRead(msg);
  }

  @Override
  public void write(ChannelHandlerContext ctx, Object msg, ChannelPromise promise) {
    if (msg instanceof LastHttpContent) {
      // Answered once the answer's last part is on the wire.
      ChannelPromise p = promise.unvoid();
      p.addListener(done -> unanswered = Math.max(0, unanswered - 1));
      ctx.write(msg, p);
      return;
    }
    ctx.write(msg, promise);
  }

  /** Closes without waiting for a TLS close_notify the peer, not reading, would never take. */
  static void closeNow(Channel ch) {
    SslHandler ssl = ch.pipeline().get(SslHandler.class);
    if (ssl != null) {
      ssl.setCloseNotifyFlushTimeoutMillis(50);
      ssl.setCloseNotifyReadTimeoutMillis(0);
    }
    ch.close();
  }
}
