package io.migrationguard.webhook.tls;

import java.security.PrivateKey;
import java.security.cert.X509Certificate;

/**
 * A private key and the certificate of its public key, as a {@link CertificateAuthority} issues.
 */
public record KeyAndCertificate(PrivateKey key, X509Certificate certificate) {}
