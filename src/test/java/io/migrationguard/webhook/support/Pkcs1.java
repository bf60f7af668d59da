package io.migrationguard.webhook.support;

import java.util.Arrays;

/**
 * Unwraps an RSA PKCS#8 PrivateKeyInfo into its PKCS#1 RSAPrivateKey (the form openssl 1.x wrote).
 */
final class Pkcs1 {
  private Pkcs1() {}

  /** PrivateKeyInfo ::= SEQUENCE { version, AlgorithmIdentifier, privateKey OCTET STRING }. */
  static byte[] fromPkcs8(byte[] der) {
    int[] pos = {0};
    expect(der, pos, 0x30);
    length(der, pos);
    skip(der, pos, 0x02); // version
    skip(der, pos, 0x30); // algorithm
    expect(der, pos, 0x04);
    int len = length(der, pos);
    return Arrays.copyOfRange(der, pos[0], pos[0] + len);
  }

  private static void skip(byte[] der, int[] pos, int tag) {
    expect(der, pos, tag);
    int len = length(der, pos);
    pos[0] += len;
  }

  private static void expect(byte[] der, int[] pos, int tag) {
    if ((der[pos[0]++] & 0xff) != tag) {
      throw new IllegalArgumentException("unexpected DER tag");
    }
  }

  private static int length(byte[] der, int[] pos) {
    int first = der[pos[0]++] & 0xff;
    if (first < 0x80) {
      return first;
    }
    int len = 0;
    for (int i = 0; i < (first & 0x7f); i++) {
      len = (len << 8) | (der[pos[0]++] & 0xff);
    }
    return len;
  }
}
