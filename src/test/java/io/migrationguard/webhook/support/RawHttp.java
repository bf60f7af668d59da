package io.migrationguard.webhook.support;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.util.Locale;
import javax.net.SocketFactory;

/**
 * One HTTP/1.1 exchange over a socket of the caller's factory (TLS or not), for tests that need
 * control over the handshake: client certificates, protocol versions, plaintext to a TLS port.
 */
public final class RawHttp {
  private RawHttp() {}

  /** The status code and body of an answer. */
  public record Reply(int status, String body) {}

  /** As {@link #exchange(SocketFactory, int, String, String, String, String)} with JSON. */
  public static Reply exchange(
      SocketFactory factory, int port, String method, String path, String body) throws IOException {
    return exchange(factory, port, method, path, "application/json", body);
  }

  /** Sends one request with {@code Connection: close}; throws when no HTTP answer comes back. */
  public static Reply exchange(
      SocketFactory factory, int port, String method, String path, String type, String body)
      throws IOException {
    try (Socket socket = factory.createSocket("localhost", port)) {
      socket.setSoTimeout(10_000);
      byte[] bytes = body == null ? new byte[0] : body.getBytes(StandardCharsets.UTF_8);
      String head =
          method
              + " "
              + path
              + " HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n"
              + "Content-Type: "
              + type
              + "\r\nContent-Length: "
              + bytes.length
              + "\r\n\r\n";
      OutputStream out = socket.getOutputStream();
      out.write(head.getBytes(StandardCharsets.US_ASCII));
      out.write(bytes);
      out.flush();
      return read(socket.getInputStream());
    }
  }

  private static Reply read(InputStream in) throws IOException {
    ByteArrayOutputStream all = new ByteArrayOutputStream();
    in.transferTo(all);
    String text = all.toString(StandardCharsets.UTF_8);
    if (!text.startsWith("HTTP/1.1 ")) {
      throw new IOException("no HTTP answer: " + text.length() + " bytes");
    }
    int end = text.indexOf("\r\n\r\n");
    String head = end < 0 ? text : text.substring(0, end);
    String body = end < 0 ? "" : text.substring(end + 4);
    if (head.toLowerCase(Locale.ROOT).contains("transfer-encoding: chunked")) {
      body = unchunk(body);
    }
    return new Reply(Integer.parseInt(text.substring(9, 12)), body);
  }

  private static String unchunk(String chunked) {
    StringBuilder sb = new StringBuilder();
    int i = 0;
    while (i < chunked.length()) {
      int eol = chunked.indexOf("\r\n", i);
      int size = Integer.parseInt(chunked.substring(i, eol).trim(), 16);
      if (size == 0) {
        break;
      }
      sb.append(chunked, eol + 2, eol + 2 + size);
      i = eol + 2 + size + 2;
    }
    return sb.toString();
  }
}
