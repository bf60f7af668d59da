package io.migrationguard.webhook.support;

import io.restassured.RestAssured;
import io.restassured.config.RestAssuredConfig;
import io.restassured.config.SSLConfig;
import io.restassured.specification.RequestSpecification;
import java.io.IOException;
import java.net.URL;
import java.security.GeneralSecurityException;
import java.security.KeyStore;
import java.security.cert.X509Certificate;
import javax.net.ssl.SSLContext;
import javax.net.ssl.SSLSocket;
import javax.net.ssl.SSLSocketFactory;
import javax.net.ssl.TrustManagerFactory;

/** HTTPS clients that trust exactly one CA and verify the host name, as the API server does. */
public final class Https {
  private Https() {}

  /** A rest-assured request to {@code base} trusting {@code ca} (host name checked). */
  public static RequestSpecification given(URL base, X509Certificate ca) {
    return RestAssured.given()
        .baseUri("https://localhost")
        .port(base.getPort())
        .config(RestAssuredConfig.config().sslConfig(SSLConfig.sslConfig().trustStore(store(ca))));
  }

  /** A socket factory trusting only {@code ca}. */
  public static SSLSocketFactory socketFactory(X509Certificate ca) {
    try {
      TrustManagerFactory tmf =
          TrustManagerFactory.getInstance(TrustManagerFactory.getDefaultAlgorithm());
      tmf.init(store(ca));
      SSLContext ctx = SSLContext.getInstance("TLS");
      ctx.init(null, tmf.getTrustManagers(), null);
      return ctx.getSocketFactory();
    } catch (GeneralSecurityException e) {
      throw new IllegalStateException(e);
    }
  }

  /** Completes a TLS handshake with {@code localhost:port} and returns the server's certificate. */
  public static X509Certificate peerCertificate(int port, X509Certificate ca) throws IOException {
    try (SSLSocket socket = (SSLSocket) socketFactory(ca).createSocket("localhost", port)) {
      socket.setSoTimeout(15_000);
      socket.startHandshake();
      return (X509Certificate) socket.getSession().getPeerCertificates()[0];
    }
  }

  private static KeyStore store(X509Certificate ca) {
    try {
      KeyStore ks = KeyStore.getInstance("PKCS12");
      ks.load(null, null);
      ks.setCertificateEntry("ca", ca);
      return ks;
    } catch (GeneralSecurityException | IOException e) {
      throw new IllegalStateException(e);
    }
  }
}
