package io.migrationguard.webhook.tls;

/**
 * Client-initiated renegotiation (TLS 1.2) is refused: each one costs the server a full handshake
 * (measured: 3.7 ms of CPU, and 300 of them on one connection were accepted), and no client of a
 * webhook needs it (the API server never renegotiates). TLS 1.3 has no renegotiation.
 *
 * <p>The JDK reads {@value #PROPERTY} once, when the first server-side handshake of the JVM is set
 * up; set later, it has no effect. Hence it is set on the container's JVM command line (the
 * Dockerfile's {@code ENTRYPOINT}, the Deployment's {@code JAVA_TOOL_OPTIONS}), by {@code Main}
 * before Quarkus starts, and by {@link ServingTls}'s class initialiser for the starts that do not
 * go through {@code Main} ({@code @QuarkusTest}, dev mode): ServingTls is created before the HTTPS
 * server listens and before {@link TlsWarmup}'s first handshake.
 */
public final class Renegotiation {
  /** The JDK's switch (JSSE, {@code sun.security.ssl.ServerHandshakeContext}). */
  public static final String PROPERTY = "jdk.tls.rejectClientInitiatedRenegotiation";

  private Renegotiation() {}

  /** Sets {@value #PROPERTY} to {@code true}; effective if no server handshake has run yet. */
  public static void refuseClientInitiated() {
    System.setProperty(PROPERTY, "true");
  }
}
