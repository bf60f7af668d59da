package io.migrationguard.webhook.support;

import java.io.ByteArrayOutputStream;
import java.io.DataInputStream;
import java.io.EOFException;
import java.io.IOException;
import java.net.Socket;
import java.security.SecureRandom;
import java.util.HexFormat;

/**
 * A hand-written TLS ClientHello (RFC 5246 layout) for a chosen protocol version and cipher suites.
 * Written by hand because the JDK's own client refuses to offer TLS 1.0/1.1 ({@code
 * jdk.tls.disabledAlgorithms}, read once per JVM) and suites it has disabled: with these bytes the
 * test proves that the server refuses them.
 */
public final class ClientHello {
  // ECDHE-ECDSA/RSA-AES128-GCM, ECDHE-ECDSA/RSA-AES128/256-CBC-SHA, RSA-AES128-GCM, RSA-AES-CBC.
  private static final String SUITES = "c02bc02fc009c013c00ac014009c002f0035";
  // supported_groups (secp256r1, x25519), ec_point_formats (uncompressed), signature_algorithms.
  private static final String EXTENSIONS =
      "000a000600040017001d" + "000b00020100" + "000d000e000c040308040401050305010203";

  private ClientHello() {}

  /**
   * The server's answer to a hello.
   *
   * @param version the protocol version it chose
   * @param cipherSuite the cipher suite it chose (IANA number, e.g. 0xc02b)
   */
  public record ServerHello(int version, int cipherSuite) {}

  /**
   * Sends a ClientHello offering exactly {@code version} (0x0301 TLS 1.0, 0x0302 TLS 1.1, 0x0303
   * TLS 1.2) and returns the version of the server's ServerHello, or -1 when the server answers
   * with an alert or closes the connection.
   */
  public static int serverHelloVersion(int port, int version) throws IOException {
    ServerHello answer = serverHello(port, version, SUITES);
    return answer == null ? -1 : answer.version();
  }

  /**
   * Sends a ClientHello offering exactly {@code version} and the cipher suites {@code suites} (hex,
   * two bytes each, e.g. {@code "c023c027"}) and returns the server's choice, or null when it
   * answers with an alert (handshake_failure: no suite in common) or closes the connection.
   */
  public static ServerHello serverHello(int port, int version, String suites) throws IOException {
    try (Socket socket = new Socket("localhost", port)) {
      socket.setSoTimeout(10_000);
      socket.getOutputStream().write(hello(version, suites));
      socket.getOutputStream().flush();
      DataInputStream in = new DataInputStream(socket.getInputStream());
      try {
        int contentType = in.readUnsignedByte();
        in.readUnsignedShort(); // record version
        in.readUnsignedShort(); // record length
        int handshakeType = in.readUnsignedByte();
        if (contentType != 0x16 || handshakeType != 0x02) {
          return null; // 0x15: an alert (protocol_version, handshake_failure)
        }
        in.skipNBytes(3); // handshake length
        int chosenVersion = in.readUnsignedShort();
        in.skipNBytes(32); // random
        in.skipNBytes(in.readUnsignedByte()); // session id
        return new ServerHello(chosenVersion, in.readUnsignedShort());
      } catch (EOFException | java.net.SocketException e) {
        return null;
      }
    }
  }

  static byte[] hello(int version, String suites) {
    byte[] random = new byte[32];
    new SecureRandom().nextBytes(random);
    HexFormat hex = HexFormat.of();
    ByteArrayOutputStream body = new ByteArrayOutputStream();
    body.writeBytes(u16(version));
    body.writeBytes(random);
    body.write(0); // no session id
    body.writeBytes(vector16(hex.parseHex(suites)));
    body.writeBytes(new byte[] {1, 0}); // null compression only
    body.writeBytes(vector16(hex.parseHex(EXTENSIONS)));
    byte[] b = body.toByteArray();
    ByteArrayOutputStream handshake = new ByteArrayOutputStream();
    handshake.write(0x01);
    handshake.writeBytes(new byte[] {0, (byte) (b.length >> 8), (byte) b.length});
    handshake.writeBytes(b);
    ByteArrayOutputStream record = new ByteArrayOutputStream();
    record.writeBytes(new byte[] {0x16, 0x03, 0x01});
    record.writeBytes(vector16(handshake.toByteArray()));
    return record.toByteArray();
  }

  private static byte[] u16(int v) {
    return new byte[] {(byte) (v >> 8), (byte) v};
  }

  private static byte[] vector16(byte[] content) {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    out.writeBytes(u16(content.length));
    out.writeBytes(content);
    return out.toByteArray();
  }
}
