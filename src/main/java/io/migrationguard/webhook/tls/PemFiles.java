package io.migrationguard.webhook.tls;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.AlgorithmParameters;
import java.security.GeneralSecurityException;
import java.security.KeyFactory;
import java.security.PrivateKey;
import java.security.cert.CertificateFactory;
import java.security.cert.X509Certificate;
import java.security.interfaces.ECPublicKey;
import java.security.spec.PKCS8EncodedKeySpec;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Base64;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Reads the serving certificate chain and private key from PEM files, in every form Kubernetes
 * tooling writes keys: PKCS#8 ({@code BEGIN PRIVATE KEY}), PKCS#1 RSA ({@code BEGIN RSA PRIVATE
 * KEY}, cert-manager's default) and SEC1 EC ({@code BEGIN EC PRIVATE KEY}, openssl's). The keys go
 * straight to a {@link KeyFactory}: Vert.x's PEM options store them in a password-protected PKCS#12
 * key store first, which costs three rounds of 10,000 PBKDF2 iterations per load (about 0.3 s of a
 * cold start, measured) for a store that never leaves memory.
 */
final class PemFiles {
  private static final Pattern BLOCK =
      Pattern.compile("-----BEGIN ([A-Z0-9 ]+)-----([^-]*)-----END \\1-----");
  private static final String RSA_ENCRYPTION = "1.2.840.113549.1.1.1";
  private static final String EC_PUBLIC_KEY = "1.2.840.10045.2.1";
  private static final List<String> ALGORITHMS = List.of("EC", "RSA", "EdDSA", "RSASSA-PSS");

  private PemFiles() {}

  /** One PEM block: its label and decoded content. */
  record Block(String label, byte[] der) {}

  /** The blocks of a PEM file, in order; text between them is ignored, as openssl ignores it. */
  static List<Block> blocks(Path file) throws IOException {
    String text = Files.readString(file, StandardCharsets.US_ASCII);
    List<Block> out = new ArrayList<>();
    Matcher m = BLOCK.matcher(text);
    while (m.find()) {
      try {
        out.add(new Block(m.group(1), Base64.getMimeDecoder().decode(m.group(2).trim())));
      } catch (IllegalArgumentException e) {
        throw new IOException("the " + m.group(1) + " block is not valid base64");
      }
    }
    return out;
  }

  /** The certificates of a file, leaf first as written. */
  static X509Certificate[] certificates(Path file) throws IOException, GeneralSecurityException {
    CertificateFactory factory = CertificateFactory.getInstance("X.509");
    List<X509Certificate> chain = new ArrayList<>();
    for (Block b : blocks(file)) {
      if (b.label().equals("CERTIFICATE")) {
        chain.add((X509Certificate) factory.generateCertificate(new ByteArrayInputStream(b.der())));
      }
    }
    if (chain.isEmpty()) {
      throw new IOException("no CERTIFICATE block");
    }
    return chain.toArray(X509Certificate[]::new);
  }

  /**
   * The private key of a file. {@code leaf} supplies the curve of a SEC1 key written without its
   * parameters.
   */
  static PrivateKey privateKey(Path file, X509Certificate leaf)
      throws IOException, GeneralSecurityException {
    for (Block b : blocks(file)) {
      switch (b.label()) {
        case "PRIVATE KEY":
          return pkcs8(b.der());
        case "RSA PRIVATE KEY":
          return pkcs8(
              privateKeyInfo(Der.sequence(Der.oid(RSA_ENCRYPTION), Der.nullValue()), b.der()));
        case "EC PRIVATE KEY":
          return pkcs8(
              privateKeyInfo(Der.sequence(Der.oid(EC_PUBLIC_KEY), curve(b.der(), leaf)), b.der()));
        case "ENCRYPTED PRIVATE KEY":
          throw new IOException("the private key is encrypted; give it unencrypted (as a Secret)");
        default:
          // EC PARAMETERS and other blocks before the key: skipped, as openssl skips them.
      }
    }
    throw new IOException("no PRIVATE KEY, RSA PRIVATE KEY or EC PRIVATE KEY block");
  }

  private static PrivateKey pkcs8(byte[] der) throws GeneralSecurityException {
    PKCS8EncodedKeySpec spec = new PKCS8EncodedKeySpec(der);
    GeneralSecurityException last = null;
    for (String algorithm : ALGORITHMS) {
      try {
        return KeyFactory.getInstance(algorithm).generatePrivate(spec);
      } catch (GeneralSecurityException e) {
        last = e;
      }
    }
    throw new GeneralSecurityException("unsupported or malformed private key", last);
  }

  /** PrivateKeyInfo ::= SEQUENCE { version 0, AlgorithmIdentifier, privateKey OCTET STRING }. */
  private static byte[] privateKeyInfo(byte[] algorithm, byte[] key) {
    return Der.sequence(Der.integer(0), algorithm, Der.octetString(key));
  }

  /**
   * The named curve of a SEC1 ECPrivateKey ::= SEQUENCE { version, privateKey, [0] parameters
   * OPTIONAL, [1] publicKey OPTIONAL }: its [0] element, else the curve of the certificate's key.
   */
  private static byte[] curve(byte[] sec1, X509Certificate leaf)
      throws IOException, GeneralSecurityException {
    int[] pos = {0};
    int end = enter(sec1, pos, 0x30);
    while (pos[0] < end) {
      int tag = sec1[pos[0]] & 0xff;
      int start = pos[0];
      int contentEnd = enter(sec1, pos, tag);
      if (tag == 0xa0) {
        return Arrays.copyOfRange(sec1, pos[0], contentEnd);
      }
      pos[0] = contentEnd;
      if (pos[0] <= start) {
        break;
      }
    }
    if (leaf.getPublicKey() instanceof ECPublicKey ec) {
      AlgorithmParameters params = AlgorithmParameters.getInstance("EC");
      params.init(ec.getParams());
      return params.getEncoded();
    }
    throw new IOException("the EC private key names no curve and the certificate's key is not EC");
  }

  /** Reads a tag and length at {@code pos}; leaves {@code pos} at the content, returns its end. */
  private static int enter(byte[] der, int[] pos, int tag) throws IOException {
    if (pos[0] + 2 > der.length || (der[pos[0]] & 0xff) != tag) {
      throw new IOException("malformed EC PRIVATE KEY");
    }
    pos[0]++;
    int first = der[pos[0]++] & 0xff;
    int len = first;
    if (first >= 0x80) {
      int n = first & 0x7f;
      if (n == 0 || n > 3 || pos[0] + n > der.length) {
        throw new IOException("malformed EC PRIVATE KEY");
      }
      len = 0;
      for (int i = 0; i < n; i++) {
        len = (len << 8) | (der[pos[0]++] & 0xff);
      }
    }
    if (pos[0] + len > der.length) {
      throw new IOException("malformed EC PRIVATE KEY");
    }
    return pos[0] + len;
  }
}
