package io.migrationguard.core.quantity;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * Differential properties of Quantity over generated inputs (a fixed seed, so a failure
 * reproduces): the canonical form parses back to the same value, is a fixed point, and comparison
 * is a total order consistent with equality. Random strings never throw.
 */
class QuantityPropertiesTest {
  private static final String[] SUFFIXES = {
    "", "n", "u", "m", "k", "M", "G", "T", "P", "E", "Ki", "Mi", "Gi", "Ti", "Pi", "Ei"
  };
  private static final int CASES = 50_000;

  @Test
  void canonicalRoundTripsAndIsAFixedPoint() {
    Random rnd = new Random(20261130);
    int parsed = 0;
    for (int i = 0; i < CASES; i++) {
      String s = grammatical(rnd);
      QuantityParse p = Quantity.parse(s);
      if (!p.ok()) {
        continue; // out of range values are legitimately refused
      }
      parsed++;
      Quantity q = p.quantity();
      String c = q.canonical();
      QuantityParse back = Quantity.parse(c);
      if (!back.ok()) {
        fail("canonical form of " + s + " = " + c + " does not parse: " + back.error());
      }
      assertEquals(0, q.compareTo(back.quantity()), () -> s + " -> " + c);
      // Faithful to Go: a binary value that 1024 does not divide prints without suffix ("312.5Ki"
      // ->
      // "320000"), and that string parses as decimal SI ("320k"). From the second round on, the
      // format is the string's own and the canonical form is a fixed point.
      String c2 = back.quantity().canonical();
      if (q.format() != Quantity.Format.BINARY_SI || c.matches(".*[KMGTPE]i$")) {
        assertEquals(c, c2, () -> "not a fixed point: " + s + " -> " + c);
      }
      assertEquals(c2, Quantity.parse(c2).quantity().canonical(), () -> "not a fixed point: " + c2);
    }
    assertTrue(parsed > CASES / 2, "generator produced too few valid quantities: " + parsed);
  }

  @Test
  void comparisonIsATotalOrder() {
    Random rnd = new Random(7);
    List<Quantity> qs = new ArrayList<>();
    while (qs.size() < 600) {
      QuantityParse p = Quantity.parse(grammatical(rnd));
      if (p.ok()) {
        qs.add(p.quantity());
      }
    }
    for (Quantity a : qs.subList(0, 60)) {
      for (Quantity b : qs) {
        int ab = Integer.signum(a.compareTo(b));
        assertEquals(-ab, Integer.signum(b.compareTo(a)), "antisymmetry");
        assertEquals(ab == 0, a.equals(b), "consistent with equals");
        if (ab == 0) {
          assertEquals(a.hashCode(), b.hashCode(), "equal values hash alike");
        }
        for (Quantity c : qs.subList(0, 20)) {
          if (a.compareTo(b) <= 0 && b.compareTo(c) <= 0) {
            assertTrue(a.compareTo(c) <= 0, "transitivity");
          }
        }
      }
    }
  }

  @Test
  void arbitraryStringsNeverThrow() {
    Random rnd = new Random(99);
    String alphabet = "0123456789.+-eEinumkKMGTP \t\n\u00e9x";
    for (int i = 0; i < CASES; i++) {
      int len = rnd.nextInt(12);
      StringBuilder sb = new StringBuilder();
      for (int j = 0; j < len; j++) {
        sb.append(alphabet.charAt(rnd.nextInt(alphabet.length())));
      }
      QuantityParse p = Quantity.parse(sb.toString());
      assertTrue(p.ok() || (p.error() != null && !p.error().isEmpty()));
      if (p.ok()) {
        Quantity.parse(p.quantity().canonical());
      }
    }
  }

  /**
   * A string from the grammar of docs/architecture.md#quantities, with sizes that reach the edges
   * (nano, 2^63).
   */
  private static String grammatical(Random rnd) {
    StringBuilder sb = new StringBuilder();
    switch (rnd.nextInt(4)) {
      case 0 -> sb.append('-');
      case 1 -> sb.append('+');
      default -> {}
    }
    String whole = digits(rnd, rnd.nextInt(8));
    String frac = digits(rnd, rnd.nextInt(12));
    switch (rnd.nextInt(4)) {
      case 0 -> sb.append(whole.isEmpty() ? "0" : whole);
      case 1 -> sb.append(whole.isEmpty() ? "1" : whole).append('.').append(frac);
      case 2 -> sb.append(whole.isEmpty() ? "2" : whole).append('.');
      default -> sb.append('.').append(frac.isEmpty() ? "5" : frac);
    }
    if (rnd.nextInt(4) == 0) {
      sb.append(rnd.nextBoolean() ? 'e' : 'E');
      if (rnd.nextBoolean()) {
        sb.append(rnd.nextBoolean() ? '-' : '+');
      }
      sb.append(rnd.nextInt(25));
    } else {
      sb.append(SUFFIXES[rnd.nextInt(SUFFIXES.length)]);
    }
    return sb.toString();
  }

  private static String digits(Random rnd, int n) {
    StringBuilder sb = new StringBuilder();
    for (int i = 0; i < n; i++) {
      sb.append((char) ('0' + rnd.nextInt(10)));
    }
    return sb.toString();
  }
}
