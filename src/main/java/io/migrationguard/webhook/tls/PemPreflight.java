package io.migrationguard.webhook.tls;

import java.io.IOException;
import java.nio.file.Path;
import java.security.GeneralSecurityException;
import java.security.cert.X509Certificate;

/**
 * The PEM files of the settings read before the server starts, as the server will read them: a
 * serving pair whose key does not belong to its certificate (or that cannot be parsed), or a client
 * CA bundle without a certificate, is one line at start instead of a stack trace from the bean.
 */
public final class PemPreflight {
  private PemPreflight() {}

  /** Why the serving pair cannot be served, or null. */
  public static String pairProblem(Path cert, Path key) {
    try {
      X509Certificate[] chain = PemFiles.certificates(cert);
      return PairCheck.problem(PemFiles.privateKey(key, chain[0]), chain);
    } catch (IOException | GeneralSecurityException | RuntimeException e) {
      return "cannot be read as a PEM certificate and key: " + e.getMessage();
    }
  }

  /** Why the client CA bundle cannot be used, or null. */
  public static String bundleProblem(Path bundle) {
    try {
      PemFiles.certificates(bundle);
      return null;
    } catch (IOException | GeneralSecurityException | RuntimeException e) {
      return "not a PEM CA bundle: " + e.getMessage();
    }
  }
}
