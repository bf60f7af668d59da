package io.migrationguard.webhook.support;

import io.migrationguard.webhook.tls.KeyAndCertificate;
import java.io.IOException;
import java.net.Socket;
import java.security.GeneralSecurityException;
import java.security.KeyStore;
import java.security.Principal;
import java.security.PrivateKey;
import java.security.cert.X509Certificate;
import javax.net.ssl.KeyManager;
import javax.net.ssl.SSLContext;
import javax.net.ssl.SSLEngine;
import javax.net.ssl.SSLSocketFactory;
import javax.net.ssl.TrustManagerFactory;
import javax.net.ssl.X509ExtendedKeyManager;

/**
 * Client certificates for the mutual-TLS tests: one signed by the configured client CA, one by a CA
 * the server does not know.
 *
 * @param servingCa the CA of the server's certificate (what the client trusts)
 * @param trusted a client certificate signed by {@code migration-guard.tls.client-ca}
 * @param stranger a client certificate signed by another CA
 */
public record ClientCerts(
    X509Certificate servingCa, KeyAndCertificate trusted, KeyAndCertificate stranger) {

  /** A socket factory presenting {@code client} (null: no certificate) and trusting the server. */
  public SSLSocketFactory socketFactory(KeyAndCertificate client) {
    try {
      KeyStore trust = KeyStore.getInstance("PKCS12");
      trust.load(null, null);
      trust.setCertificateEntry("ca", servingCa);
      TrustManagerFactory tmf =
          TrustManagerFactory.getInstance(TrustManagerFactory.getDefaultAlgorithm());
      tmf.init(trust);
      SSLContext ctx = SSLContext.getInstance("TLS");
      KeyManager[] keys = client == null ? null : new KeyManager[] {new Always(client)};
      ctx.init(keys, tmf.getTrustManagers(), null);
      return ctx.getSocketFactory();
    } catch (GeneralSecurityException | IOException e) {
      throw new IllegalStateException(e);
    }
  }

  /**
   * Presents its certificate whatever CAs the server names: the JDK's own key manager would stay
   * silent for a certificate of an unnamed CA, and the test must prove the server refuses it.
   */
  private static final class Always extends X509ExtendedKeyManager {
    private final KeyAndCertificate client;

    Always(KeyAndCertificate client) {
      this.client = client;
    }

    @Override
    public String chooseClientAlias(String[] keyType, Principal[] issuers, Socket socket) {
      return "client";
    }

    @Override
    public String chooseEngineClientAlias(String[] keyType, Principal[] issuers, SSLEngine e) {
      return "client";
    }

    @Override
    public String[] getClientAliases(String keyType, Principal[] issuers) {
      return new String[] {"client"};
    }

    @Override
    public String[] getServerAliases(String keyType, Principal[] issuers) {
      return null;
    }

    @Override
    public String chooseServerAlias(String keyType, Principal[] issuers, Socket socket) {
      return null;
    }

    @Override
    public X509Certificate[] getCertificateChain(String alias) {
      return new X509Certificate[] {client.certificate()};
    }

    @Override
    public PrivateKey getPrivateKey(String alias) {
      return client.key();
    }
  }
}
