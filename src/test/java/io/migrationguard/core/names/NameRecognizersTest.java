package io.migrationguard.core.names;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.util.SplittableRandom;
import java.util.function.Predicate;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/**
 * Holds the hand-written recognisers to apimachinery's definitions: its regular expressions (copied
 * here as the oracle) and its limits in UTF-8 bytes, over random strings from an alphabet of the
 * characters that matter (edges of every class, separators, non-ASCII, newline).
 */
class NameRecognizersTest {
  private static final String QN = "([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9]";
  private static final String DNS_LABEL = "[a-z0-9]([-a-z0-9]*[a-z0-9])?";
  private static final Pattern QUALIFIED_NAME = Pattern.compile(QN);
  private static final Pattern LABEL = Pattern.compile(DNS_LABEL);
  private static final Pattern SUBDOMAIN = Pattern.compile(DNS_LABEL + "(\\." + DNS_LABEL + ")*");
  private static final String ALPHABET = "azAZ09mM-_./é\n ";
  private static final int CASES = 200_000;

  @Test
  void labelKeysAgreeWithTheRegexAndLimits() {
    agree(
        s -> {
          String[] parts = s.split("/", -1);
          return switch (parts.length) {
            case 1 -> name(parts[0]);
            case 2 -> subdomain(parts[0]) && name(parts[1]);
            default -> false;
          };
        },
        NameRecognizers::labelKey);
  }

  @Test
  void labelValuesAgree() {
    agree(s -> s.isEmpty() || name(s), NameRecognizers::labelValue);
  }

  @Test
  void dnsLabelsAgree() {
    agree(s -> bytes(s) <= 63 && LABEL.matcher(s).matches(), NameRecognizers::dns1123Label);
  }

  @Test
  void subdomainsAgree() {
    agree(NameRecognizersTest::subdomain, s -> NameRecognizers.dns1123Subdomain(s, 0, s.length()));
    agree(
        s -> SUBDOMAIN.matcher(s).matches(),
        s -> NameRecognizers.dns1123SubdomainForm(s, 0, s.length()));
  }

  /** Same answer on every random string, and both answers seen often enough to mean something. */
  private static void agree(Predicate<String> oracle, Predicate<String> fast) {
    int[] accepted = {0};
    forRandom(
        s -> {
          boolean expected = oracle.test(s);
          assertEquals(expected, fast.test(s), () -> show(s));
          accepted[0] += expected ? 1 : 0;
        });
    assertTrue(accepted[0] > CASES / 100, "too few valid strings: " + accepted[0]);
    assertTrue(accepted[0] < CASES - CASES / 100, "too few invalid strings: " + accepted[0]);
  }

  private static boolean name(String s) {
    return bytes(s) <= 63 && QUALIFIED_NAME.matcher(s).matches();
  }

  private static boolean subdomain(String s) {
    return bytes(s) <= 253 && SUBDOMAIN.matcher(s).matches();
  }

  private static int bytes(String s) {
    return s.getBytes(StandardCharsets.UTF_8).length;
  }

  private static String show(String s) {
    return "\"" + s.replace("\n", "\\n") + "\" (" + s.length() + " chars)";
  }

  /** Random strings: mostly short, some around the 63 and 253 limits; mostly valid-looking. */
  private static void forRandom(java.util.function.Consumer<String> check) {
    SplittableRandom rnd = new SplittableRandom(20261130);
    for (int i = 0; i < CASES; i++) {
      int len =
          switch (rnd.nextInt(4)) {
            case 0 -> rnd.nextInt(8);
            case 1 -> 60 + rnd.nextInt(8);
            case 2 -> 250 + rnd.nextInt(8);
            default -> rnd.nextInt(80);
          };
      StringBuilder sb = new StringBuilder(len);
      for (int j = 0; j < len; j++) {
        // Letters and digits three times out of four, so that long valid strings occur.
        sb.append(
            rnd.nextInt(4) > 0
                ? "abcxyz0189".charAt(rnd.nextInt(10))
                : ALPHABET.charAt(rnd.nextInt(ALPHABET.length())));
      }
      check.accept(sb.toString());
    }
  }
}
