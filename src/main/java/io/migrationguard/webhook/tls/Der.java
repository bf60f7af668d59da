package io.migrationguard.webhook.tls;

import java.io.ByteArrayOutputStream;
import java.math.BigInteger;
import java.nio.charset.StandardCharsets;
import java.time.ZoneOffset;
import java.time.ZonedDateTime;
import java.time.format.DateTimeFormatter;

/**
 * The few ASN.1 DER encodings an X.509 v3 certificate needs, as byte arrays. Use it only to build
 * certificates with {@link CertificateAuthority}; it is not a general ASN.1 library (no decoding,
 * definite lengths only).
 */
final class Der {
  private Der() {}

  static final int BOOLEAN = 0x01;
  static final int INTEGER = 0x02;
  static final int BIT_STRING = 0x03;
  static final int OCTET_STRING = 0x04;
  static final int NULL = 0x05;
  static final int OID = 0x06;
  static final int UTF8_STRING = 0x0c;
  static final int UTC_TIME = 0x17;
  static final int GENERALIZED_TIME = 0x18;
  static final int SEQUENCE = 0x30;
  static final int SET = 0x31;

  /** One tag-length-value; {@code tag} is the full identifier octet. */
  static byte[] tlv(int tag, byte[] content) {
    ByteArrayOutputStream out = new ByteArrayOutputStream(content.length + 6);
    out.write(tag);
    writeLength(out, content.length);
    out.writeBytes(content);
    return out.toByteArray();
  }

  static byte[] sequence(byte[]... items) {
    return tlv(SEQUENCE, concat(items));
  }

  static byte[] set(byte[]... items) {
    return tlv(SET, concat(items));
  }

  /** {@code [n] EXPLICIT}: a constructed context-specific wrapper around one element. */
  static byte[] explicit(int n, byte[] element) {
    return tlv(0xa0 | n, element);
  }

  /** {@code [n] IMPLICIT} for a primitive type: the context tag replaces the type's own tag. */
  static byte[] implicit(int n, byte[] content) {
    return tlv(0x80 | n, content);
  }

  static byte[] integer(BigInteger value) {
    return tlv(INTEGER, value.toByteArray());
  }

  static byte[] integer(long value) {
    return integer(BigInteger.valueOf(value));
  }

  static byte[] bool(boolean value) {
    return tlv(BOOLEAN, new byte[] {(byte) (value ? 0xff : 0x00)});
  }

  static byte[] nullValue() {
    return new byte[] {NULL, 0};
  }

  static byte[] octetString(byte[] content) {
    return tlv(OCTET_STRING, content);
  }

  /** A BIT STRING of whole bytes (signatures, keys). */
  static byte[] bitString(byte[] bytes) {
    return tlv(BIT_STRING, concat(new byte[] {0}, bytes));
  }

  /** A named-bit BIT STRING such as KeyUsage: DER drops the trailing zero bits. */
  static byte[] namedBits(int firstByte) {
    int unused = Integer.numberOfTrailingZeros(firstByte);
    return tlv(BIT_STRING, new byte[] {(byte) unused, (byte) firstByte});
  }

  static byte[] utf8(String s) {
    return tlv(UTF8_STRING, s.getBytes(StandardCharsets.UTF_8));
  }

  /** RFC 5280 §4.1.2.5: UTCTime through 2049, GeneralizedTime from 2050 on. */
  static byte[] time(ZonedDateTime t) {
    ZonedDateTime utc = t.withZoneSameInstant(ZoneOffset.UTC);
    if (utc.getYear() < 2050) {
      String s = utc.format(DateTimeFormatter.ofPattern("yyMMddHHmmss'Z'"));
      return tlv(UTC_TIME, s.getBytes(StandardCharsets.US_ASCII));
    }
    String s = utc.format(DateTimeFormatter.ofPattern("yyyyMMddHHmmss'Z'"));
    return tlv(GENERALIZED_TIME, s.getBytes(StandardCharsets.US_ASCII));
  }

  /** An OBJECT IDENTIFIER from its dotted form, e.g. {@code 2.5.4.3}. */
  static byte[] oid(String dotted) {
    String[] parts = dotted.split("\\.");
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    writeBase128(out, Long.parseLong(parts[0]) * 40 + Long.parseLong(parts[1]));
    for (int i = 2; i < parts.length; i++) {
      writeBase128(out, Long.parseLong(parts[i]));
    }
    return tlv(OID, out.toByteArray());
  }

  static byte[] concat(byte[]... parts) {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    for (byte[] p : parts) {
      out.writeBytes(p);
    }
    return out.toByteArray();
  }

  private static void writeBase128(ByteArrayOutputStream out, long v) {
    int groups = Math.max(1, (64 - Long.numberOfLeadingZeros(v) + 6) / 7);
    for (int g = groups - 1; g >= 0; g--) {
      int b = (int) ((v >>> (7 * g)) & 0x7f);
      out.write(g == 0 ? b : b | 0x80);
    }
  }

  private static void writeLength(ByteArrayOutputStream out, int len) {
    if (len < 0x80) {
      out.write(len);
      return;
    }
    int bytes = (32 - Integer.numberOfLeadingZeros(len) + 7) / 8;
    out.write(0x80 | bytes);
    for (int i = bytes - 1; i >= 0; i--) {
      out.write((len >>> (8 * i)) & 0xff);
    }
  }
}
