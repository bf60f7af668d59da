package io.migrationguard.manifest;

/**
 * Bytes as Go's {@code encoding/json} writes a Go string holding them: valid UTF-8 kept, and each
 * byte that does not start a valid sequence replaced by one U+FFFD ({@code utf8.DecodeRune}'s
 * rules: no overlong forms, no surrogates, nothing above U+10FFFF). Java's own decoder replaces a
 * cut sequence as one character, Go as one per byte.
 */
final class GoStrings {
  private static final char REPLACEMENT = '\uFFFD';

  private GoStrings() {}

  static String fromBytes(byte[] b) {
    StringBuilder sb = new StringBuilder(b.length);
    int i = 0;
    while (i < b.length) {
      int c0 = b[i] & 0xFF;
      if (c0 < 0x80) {
        sb.append((char) c0);
        i++;
        continue;
      }
      int size;
      int cp;
      if (c0 >= 0xC2 && c0 <= 0xDF) {
        size = 2;
        cp = c0 & 0x1F;
      } else if (c0 >= 0xE0 && c0 <= 0xEF) {
        size = 3;
        cp = c0 & 0x0F;
      } else if (c0 >= 0xF0 && c0 <= 0xF4) {
        size = 4;
        cp = c0 & 0x07;
      } else {
        sb.append(REPLACEMENT);
        i++;
        continue;
      }
      // The second byte's range narrows for E0, ED, F0 and F4 (overlongs, surrogates, > U+10FFFF).
      int lo = c0 == 0xE0 ? 0xA0 : c0 == 0xF0 ? 0x90 : 0x80;
      int hi = c0 == 0xED ? 0x9F : c0 == 0xF4 ? 0x8F : 0xBF;
      boolean ok = i + size <= b.length;
      for (int k = 1; ok && k < size; k++) {
        int ck = b[i + k] & 0xFF;
        ok = k == 1 ? ck >= lo && ck <= hi : ck >= 0x80 && ck <= 0xBF;
        cp = (cp << 6) | (ck & 0x3F);
      }
      if (ok) {
        sb.appendCodePoint(cp);
        i += size;
      } else {
        sb.append(REPLACEMENT);
        i++;
      }
    }
    return sb.toString();
  }
}
