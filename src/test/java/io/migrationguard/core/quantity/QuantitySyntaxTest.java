package io.migrationguard.core.quantity;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.SplittableRandom;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/**
 * Holds the hand-written recogniser to the CRD pattern itself (Java's regex, whole-string match) on
 * random strings over the characters the grammar cares about, plus a newline and a space.
 */
class QuantitySyntaxTest {
  private static final Pattern REGEX = Pattern.compile(QuantitySyntax.CRD_PATTERN);
  private static final String ALPHABET = "0123456789..++--eEiKMGTPEnumk \n";

  @Test
  void agreesWithTheRegexOnRandomStrings() {
    SplittableRandom random = new SplittableRandom(42);
    int matched = 0;
    for (int i = 0; i < 300_000; i++) {
      StringBuilder b = new StringBuilder();
      for (int n = random.nextInt(9); n > 0; n--) {
        // Digits often, so that valid quantities are common.
        b.append(
            random.nextInt(3) == 0
                ? (char) ('0' + random.nextInt(10))
                : ALPHABET.charAt(random.nextInt(ALPHABET.length())));
      }
      String s = b.toString();
      boolean expected = REGEX.matcher(s).matches();
      assertEquals(expected, QuantitySyntax.matchesCrdPattern(s), () -> "\"" + s + "\"");
      matched += expected ? 1 : 0;
    }
    assertTrue(matched > 10_000, "valid strings seen: " + matched);
  }

  @Test
  void edgeCases() {
    for (String ok :
        new String[] {"1", "+1", "-.5", "1.", "1.5Gi", "1E", "1E3", "1e-3", "5n", ".5e+.5"}) {
      assertTrue(QuantitySyntax.matchesCrdPattern(ok), ok);
    }
    for (String bad :
        new String[] {"", ".", "-", "Ki", "1e", "1Ei1", "1 ", "1\n", "1ki", "1e1.5.5"}) {
      assertEquals(false, QuantitySyntax.matchesCrdPattern(bad), bad);
    }
  }
}
