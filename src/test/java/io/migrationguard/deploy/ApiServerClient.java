package io.migrationguard.deploy;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.security.GeneralSecurityException;
import java.security.KeyStore;
import java.security.cert.X509Certificate;
import java.util.List;
import java.util.Locale;
import javax.net.ssl.SNIHostName;
import javax.net.ssl.SSLContext;
import javax.net.ssl.SSLParameters;
import javax.net.ssl.SSLSocket;
import javax.net.ssl.TrustManagerFactory;

/**
 * Calls a webhook the way the Kubernetes API server does: TLS to the Service's DNS name ({@code
 * <service>.<namespace>.svc}, sent as SNI and verified against the certificate's SANs), trusting
 * only the webhook configuration's caBundle. The TCP connection goes to a local address instead of
 * the Service IP, which is the only liberty taken. HTTP/1.1, one request per connection.
 */
final class ApiServerClient {
  /** Status, headers (lower-case names) and body of one answer. */
  record Response(int status, String headers, byte[] body) {
    String text() {
      return new String(body, StandardCharsets.UTF_8);
    }
  }

  private final SSLContext tls;
  private final String serverName;
  private final InetSocketAddress address;

  ApiServerClient(List<X509Certificate> caBundle, String serverName, InetSocketAddress address) {
    this(trusting(caBundle, null, null), serverName, address);
  }

  private ApiServerClient(SSLContext tls, String serverName, InetSocketAddress address) {
    this.tls = tls;
    this.serverName = serverName;
    this.address = address;
  }

  /**
   * The same client presenting {@code certificate} (the API server's admission kubeconfig client
   * certificate).
   */
  static ApiServerClient presenting(
      List<X509Certificate> caBundle,
      String serverName,
      InetSocketAddress address,
      X509Certificate certificate,
      java.security.PrivateKey key) {
    return new ApiServerClient(trusting(caBundle, certificate, key), serverName, address);
  }

  Response post(String path, byte[] json) throws IOException {
    return exchange("POST", path, json);
  }

  Response get(String path) throws IOException {
    return exchange("GET", path, null);
  }

  /** The certificate the server presents (after the same checks as every call). */
  X509Certificate servedCertificate() throws IOException {
    try (Socket raw = new Socket();
        SSLSocket s = handshake(raw)) {
      return (X509Certificate) s.getSession().getPeerCertificates()[0];
    }
  }

  private SSLSocket handshake(Socket raw) throws IOException {
    raw.connect(address, 5_000);
    raw.setSoTimeout(15_000);
    SSLSocket s = (SSLSocket) tls.getSocketFactory().createSocket(raw, serverName, 443, false);
    SSLParameters p = s.getSSLParameters();
    p.setServerNames(List.of(new SNIHostName(serverName)));
    p.setEndpointIdentificationAlgorithm("HTTPS");
    s.setSSLParameters(p);
    s.startHandshake();
    return s;
  }

  private Response exchange(String method, String path, byte[] body) throws IOException {
    try (Socket raw = new Socket()) {
      try (SSLSocket s = handshake(raw)) {
        OutputStream out = s.getOutputStream();
        StringBuilder head = new StringBuilder();
        head.append(method).append(' ').append(path).append(" HTTP/1.1\r\n");
        head.append("Host: ").append(serverName).append(":443\r\n");
        head.append("Accept: application/json, */*\r\nConnection: close\r\n");
        if (body != null) {
          head.append("Content-Type: application/json\r\n");
          head.append("Content-Length: ").append(body.length).append("\r\n");
        }
        out.write(head.append("\r\n").toString().getBytes(StandardCharsets.US_ASCII));
        if (body != null) {
          out.write(body);
        }
        out.flush();
        return parse(s.getInputStream().readAllBytes());
      }
    }
  }

  private static Response parse(byte[] raw) throws IOException {
    String all = new String(raw, StandardCharsets.ISO_8859_1);
    int end = all.indexOf("\r\n\r\n");
    if (!all.startsWith("HTTP/1.1 ") || end < 0) {
      throw new IOException(
          "not an HTTP/1.1 response: " + all.substring(0, Math.min(200, all.length())));
    }
    String headers = all.substring(0, end).toLowerCase(Locale.ROOT);
    int status = Integer.parseInt(all.substring(9, 12));
    byte[] rest = java.util.Arrays.copyOfRange(raw, end + 4, raw.length);
    boolean chunked = headers.contains("\r\ntransfer-encoding: chunked");
    return new Response(status, headers, chunked ? dechunk(rest) : rest);
  }

  private static byte[] dechunk(byte[] in) throws IOException {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    int i = 0;
    while (true) {
      int eol = indexOf(in, i);
      if (eol < 0) {
        throw new IOException("truncated chunked body");
      }
      String size = new String(in, i, eol - i, StandardCharsets.US_ASCII).split(";")[0].trim();
      int n = Integer.parseInt(size, 16);
      if (n == 0) {
        return out.toByteArray();
      }
      out.write(in, eol + 2, n);
      i = eol + 2 + n + 2;
    }
  }

  private static int indexOf(byte[] in, int from) {
    for (int i = from; i + 1 < in.length; i++) {
      if (in[i] == '\r' && in[i + 1] == '\n') {
        return i;
      }
    }
    return -1;
  }

  private static SSLContext trusting(
      List<X509Certificate> cas, X509Certificate certificate, java.security.PrivateKey key) {
    try {
      KeyStore store = KeyStore.getInstance("PKCS12");
      store.load(null, null);
      for (int i = 0; i < cas.size(); i++) {
        store.setCertificateEntry("ca-" + i, cas.get(i));
      }
      TrustManagerFactory tmf = TrustManagerFactory.getInstance("PKIX");
      tmf.init(store);
      javax.net.ssl.KeyManager[] keys = null;
      if (certificate != null) {
        KeyStore own = KeyStore.getInstance("PKCS12");
        own.load(null, null);
        own.setKeyEntry("client", key, new char[0], new X509Certificate[] {certificate});
        javax.net.ssl.KeyManagerFactory kmf =
            javax.net.ssl.KeyManagerFactory.getInstance(
                javax.net.ssl.KeyManagerFactory.getDefaultAlgorithm());
        kmf.init(own, new char[0]);
        keys = kmf.getKeyManagers();
      }
      SSLContext ctx = SSLContext.getInstance("TLS");
      ctx.init(keys, tmf.getTrustManagers(), null);
      return ctx;
    } catch (GeneralSecurityException | IOException e) {
      throw new AssertionError("cannot build a trust store from the caBundle", e);
    }
  }
}
