package io.migrationguard.webhook.tls;

import io.quarkus.vertx.http.HttpServerOptionsCustomizer;
import io.vertx.core.http.ClientAuth;
import io.vertx.core.http.HttpServerOptions;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;

/**
 * Asks TLS clients for a certificate when {@code migration-guard.tls.client-ca} is set. "Request",
 * not "require": the kubelet's HTTPS probes present no certificate and share the port, so a client
 * without one completes the handshake and {@code ClientCertificateFilter} refuses every path but
 * {@code /q/health/*}; a certificate that does not chain to the bundle fails the handshake.
 * Quarkus' own {@code quarkus.http.ssl.client-auth} is fixed at build time, hence this run-time
 * hook.
 */
@ApplicationScoped
public class ClientAuthCustomizer implements HttpServerOptionsCustomizer {
  @Inject ClientCa clientCa;

  @Override
  public void customizeHttpsServer(HttpServerOptions options) {
    if (clientCa.enabled()) {
      options.setClientAuth(ClientAuth.REQUEST);
    }
  }
}
