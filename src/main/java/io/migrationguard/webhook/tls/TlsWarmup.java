package io.migrationguard.webhook.tls;

import java.nio.ByteBuffer;
import javax.net.ssl.KeyManager;
import javax.net.ssl.SSLContext;
import javax.net.ssl.SSLEngine;
import javax.net.ssl.SSLEngineResult;
import javax.net.ssl.SSLEngineResult.HandshakeStatus;
import javax.net.ssl.SSLParameters;
import javax.net.ssl.TrustManager;
import org.jboss.logging.Logger;

/**
 * Runs a few TLS handshakes with the serving identity in memory, on a background thread, while the
 * service finishes starting. Measured: the first handshake of a cold JVM took 0.75 s (the JDK's key
 * exchange, signature and cipher code loaded and run interpreted for the first time), most of the
 * time from start to the first answered review. Done here, beside the rest of the start, the API
 * server's first connection finds that code loaded and compiled. Best effort: a failure only means
 * a slower first handshake, and is logged at debug level.
 */
final class TlsWarmup {
  private static final Logger LOG = Logger.getLogger(TlsWarmup.class);
  private static final int HANDSHAKES = 4;

  private TlsWarmup() {}

  static void start(Identity identity) {
    Thread t = new Thread(() -> run(identity), "tls-warmup");
    t.setDaemon(true);
    t.setPriority(Thread.MIN_PRIORITY);
    t.start();
  }

  private static void run(Identity identity) {
    long start = System.nanoTime();
    try {
      SSLContext server = SSLContext.getInstance("TLS");
      server.init(new KeyManager[] {new SwappableKeyManager(identity)}, null, null);
      SSLContext client = SSLContext.getInstance("TLS");
      client.init(null, new TrustManager[] {ClientCa.trusting(identity.certificate())}, null);
      for (int i = 0; i < HANDSHAKES; i++) {
        // Mostly TLS 1.3 (the API server's choice); 1.2 too, which older clients still use.
        String protocol = i % 4 == 3 ? "TLSv1.2" : "TLSv1.3";
        handshake(server.createSSLEngine(), client.createSSLEngine(), protocol);
      }
      LOG.infof(
          "TLS warm-up: %d handshakes in %d ms",
          HANDSHAKES, (System.nanoTime() - start) / 1_000_000);
    } catch (Exception | LinkageError e) {
      LOG.debugf(e, "TLS warm-up skipped");
    }
  }

  /** One full handshake and one small record each way, over in-memory buffers. */
  private static void handshake(SSLEngine server, SSLEngine client, String protocol)
      throws Exception {
    server.setUseClientMode(false);
    server.setEnabledCipherSuites(ServingTlsConfiguration.CIPHER_SUITES.toArray(String[]::new));
    client.setUseClientMode(true);
    // The identity is served under whatever name; checking the host is not what is warmed here.
    SSLParameters params = client.getSSLParameters();
    params.setEndpointIdentificationAlgorithm(null);
    params.setProtocols(new String[] {protocol});
    client.setSSLParameters(params);
    int size = Math.max(server.getSession().getPacketBufferSize(), 32 * 1024);
    ByteBuffer toServer = ByteBuffer.allocate(size);
    ByteBuffer toClient = ByteBuffer.allocate(size);
    ByteBuffer serverIn = ByteBuffer.allocate(size);
    ByteBuffer clientIn = ByteBuffer.allocate(size);
    ByteBuffer ping = ByteBuffer.wrap(new byte[] {'{', '}'});
    ByteBuffer pong = ByteBuffer.wrap(new byte[] {'{', '}'});
    client.beginHandshake();
    server.beginHandshake();
    for (int step = 0; step < 200; step++) {
      client.wrap(ping, toServer);
      server.wrap(pong, toClient);
      toServer.flip();
      toClient.flip();
      SSLEngineResult c = client.unwrap(toClient, clientIn);
      SSLEngineResult s = server.unwrap(toServer, serverIn);
      toServer.compact();
      toClient.compact();
      runTasks(client);
      runTasks(server);
      if (!ping.hasRemaining()
          && !pong.hasRemaining()
          && serverIn.position() > 0
          && clientIn.position() > 0
          && done(c)
          && done(s)) {
        return;
      }
    }
    throw new IllegalStateException("TLS warm-up handshake did not finish");
  }

  private static boolean done(SSLEngineResult r) {
    HandshakeStatus hs = r.getHandshakeStatus();
    return hs == HandshakeStatus.NOT_HANDSHAKING || hs == HandshakeStatus.FINISHED;
  }

  private static void runTasks(SSLEngine engine) {
    Runnable task;
    while ((task = engine.getDelegatedTask()) != null) {
      task.run();
    }
  }
}
